import {
  messages,
  orderMessages,
  type AdminOrderDetail,
  type Order,
  type RefundEntry,
  type RefundQueue,
} from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reconcileRefunds, RECONCILE_AFTER_MS } from '../../src/modules/refunds/reconcile.js';
import { call, deliver, loginAsAdmin } from '../helpers/admin.js';
import { testDbKind } from '../helpers/databases.js';
import { decodedMail, outbox } from '../helpers/mail.js';
import {
  cartDetail,
  checkoutsOf,
  payingCustomer,
  postWebhook,
  RAZORPAY_KEYS,
  startRazorpayShop,
  stockOf,
  type RazorpayShop,
} from '../helpers/razorpay-flow.js';
import { refundWebhookRequest } from '../helpers/razorpay-standin.js';

describe(`refunds through Razorpay (${testDbKind})`, () => {
  let shop: RazorpayShop;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    shop = await startRazorpayShop({ OWNER_EMAIL: 'owner@shop.test' });
    admin = await loginAsAdmin(shop.t.app);
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.standin.reset());

  /** A customer who paid for 2 x Rs 1,299.50 and 1 x Rs 250: the first order is Rs 2,599. */
  async function paid() {
    const me = await payingCustomer(shop);
    const result = shop.standin.pay(me.orderId);
    const res = await cartDetail(shop.t.app, me.sid, result, me.shipping);
    expect(res.statusCode, res.body).toBe(200);
    const orders = (res.json() as { data: Order[] }).data;
    const order = orders.find((o) => o.orderItem.price === 1299.5)!;
    return { me, order, paymentId: result.razorpay_payment_id };
  }
  const act = (id: string, action: string, body: object = {}) =>
    call(shop.t.app, 'POST', `/api/admin/orders/${id}/${action}`, admin.sid, body);
  const detail = async (id: string) =>
    (await call(shop.t.app, 'GET', `/api/admin/orders/${id}`, admin.sid)).json() as AdminOrderDetail;
  const refundsAt = (paymentId: string) =>
    [...shop.standin.refunds.values()].filter((r) => r.payment_id === paymentId);
  const mailsTo = async (to: string, subject: string) =>
    [...(await outbox(shop.t)).values()]
      .map(decodedMail)
      .filter((m) => m.includes(`To: ${to}`) && m.includes(subject));
  const webhook = (event: 'refund.processed' | 'refund.failed', refundId: string, eventId?: string) =>
    postWebhook(
      shop.t.app,
      refundWebhookRequest(RAZORPAY_KEYS.webhookSecret, event, shop.standin.refunds.get(refundId)!, eventId),
    );
  async function reconcileLater() {
    shop.t.clock.advance(RECONCILE_AFTER_MS + 1000);
    return reconcileRefunds(shop.t.app.ctx);
  }

  it('refunds a cancelled order in full with an idempotency key, and mails the customer', async () => {
    const { me, order, paymentId } = await paid();
    expect((await act(order._id, 'cancel', { reason: 'customer called' })).statusCode).toBe(200);
    const [request] = shop.standin.refundRequests();
    expect(request).toMatchObject({
      path: `/v1/payments/${paymentId}/refund`,
      body: { amount: 2599_00, speed: 'normal', notes: { shop_refund_id: expect.any(String) } },
    });
    expect(request!.idempotencyKey).toMatch(/^[\w-]{10,}$/);
    expect(refundsAt(paymentId)).toHaveLength(1);
    expect(shop.standin.payments.get(paymentId)!.amount_refunded).toBe(2599_00);
    const page = await detail(order._id);
    expect(page.refunds).toEqual([
      expect.objectContaining({
        amount: 2599,
        status: 'processed',
        providerRefundId: refundsAt(paymentId)[0]!.id,
      }),
    ]);
    expect(await mailsTo(me.user.email, orderMessages.mailRefunded)).toHaveLength(1);
  });

  it('refunds part of an order, then the rest, and refuses more than is left (409, nothing sent)', async () => {
    const { order, paymentId } = await paid();
    await deliver(shop.t.app, admin.sid, order._id);
    const part = await act(order._id, 'refund', { amount: 599 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().order.refund).toEqual({ status: 'processed', amount: 599 });
    const tooMuch = await act(order._id, 'refund', { amount: 2000.01 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toBe(orderMessages.refundTooMuch('₹2,000'));
    const rest = await act(order._id, 'refund');
    expect(rest.json().order.refund).toEqual({ status: 'processed', amount: 2599 });
    const none = await act(order._id, 'refund');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toBe(orderMessages.refundNothingLeft);
    expect(refundsAt(paymentId).map((r) => r.amount)).toEqual([599_00, 2000_00]);
    expect(shop.standin.refundRequests()).toHaveLength(2);
  });

  it('refuses a refund amount that is not rupees and paise (400)', async () => {
    const { order } = await paid();
    for (const amount of [0, 1e-9, 0.001, -5, 1.234, 'ten']) {
      const res = await act(order._id, 'refund', { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toBe(orderMessages.invalidRefundAmount);
    }
  });

  it('keeps a refund the provider failed to answer (500) pending, and the reconciliation sends it with the same key', async () => {
    const { me, order, paymentId } = await paid();
    shop.standin.failNext(500, 'We are facing some trouble completing your request at the moment.');
    expect((await act(order._id, 'cancel', { reason: 'x' })).statusCode).toBe(200);
    expect((await detail(order._id)).refunds).toEqual([
      expect.objectContaining({ status: 'pending', providerRefundId: null }),
    ]);
    expect(refundsAt(paymentId)).toHaveLength(0);
    await reconcileLater();
    const [first, second] = shop.standin.refundRequests();
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(refundsAt(paymentId)).toHaveLength(1);
    expect((await detail(order._id)).refunds[0]).toMatchObject({ status: 'processed' });
    expect(await mailsTo(me.user.email, orderMessages.mailRefunded)).toHaveLength(1);
  });

  it('never refunds twice when the provider made the refund but answered too late', async () => {
    const { order, paymentId } = await paid();
    shop.standin.delayMs = 1500; // over PAYMENT_TIMEOUT_MS (500): the shop gives up waiting
    expect((await act(order._id, 'cancel', { reason: 'slow' })).statusCode).toBe(200);
    expect(refundsAt(paymentId)).toHaveLength(1);
    expect((await detail(order._id)).refunds[0]).toMatchObject({ status: 'pending' });
    shop.standin.delayMs = 0;
    await reconcileLater();
    await reconcileLater();
    expect(refundsAt(paymentId)).toHaveLength(1);
    expect(shop.standin.payments.get(paymentId)!.amount_refunded).toBe(2599_00);
    expect((await detail(order._id)).refunds[0]).toMatchObject({
      status: 'processed',
      providerRefundId: refundsAt(paymentId)[0]!.id,
    });
  });

  it('marks a refused refund failed with the reason, tells the owner, and a retry refunds once', async () => {
    const { order, paymentId } = await paid();
    shop.standin.failNext(400, 'The payment is under dispute and cannot be refunded');
    await act(order._id, 'cancel', { reason: 'x' });
    const [failed] = (await detail(order._id)).refunds;
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'The payment is under dispute and cannot be refunded',
    });
    expect((await detail(order._id)).order.refund).toEqual({ status: 'failed', amount: 0 });
    expect(await mailsTo('owner@shop.test', orderMessages.mailOwnerRefundFailed)).toHaveLength(1);
    const queue = (await call(shop.t.app, 'GET', '/api/admin/refunds', admin.sid)).json() as RefundQueue;
    expect(queue.refunds.map((r) => r._id)).toContain(failed!._id);

    const retry = await call(shop.t.app, 'POST', `/api/admin/refunds/${failed!._id}/retry`, admin.sid);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'processed', amount: 2599 });
    const twice = await call(
      shop.t.app,
      'POST',
      `/api/admin/refunds/${(retry.json() as RefundEntry)._id}/retry`,
      admin.sid,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toBe(orderMessages.refundNotRetryable);
    // Retrying the failed one again would go over what was paid.
    const again = await call(shop.t.app, 'POST', `/api/admin/refunds/${failed!._id}/retry`, admin.sid);
    expect(again.statusCode).toBe(409);
    expect(refundsAt(paymentId)).toHaveLength(1);
  });

  describe('webhooks', () => {
    it('moves a pending refund by refund.processed, once, whatever repeats', async () => {
      const { me, order, paymentId } = await paid();
      shop.standin.newRefundStatus = 'pending';
      await act(order._id, 'cancel', { reason: 'x' });
      const [made] = refundsAt(paymentId);
      expect((await detail(order._id)).refunds[0]).toMatchObject({
        status: 'pending',
        providerRefundId: made!.id,
      });
      shop.standin.finishRefund(made!.id, 'processed');
      const first = await webhook('refund.processed', made!.id, 'evt_RefundProc0001');
      expect(first.json()).toEqual({ status: 'ok' });
      expect((await webhook('refund.processed', made!.id, 'evt_RefundProc0001')).json()).toEqual({
        status: 'duplicate',
      });
      expect((await webhook('refund.processed', made!.id)).statusCode).toBe(200);
      // A late failure after it was processed changes nothing.
      expect((await webhook('refund.failed', made!.id)).statusCode).toBe(200);
      expect((await detail(order._id)).refunds[0]).toMatchObject({ status: 'processed' });
      expect(await mailsTo(me.user.email, orderMessages.mailRefunded)).toHaveLength(1);
    });

    it('moves a pending refund to failed by refund.failed and tells the owner', async () => {
      const { order, paymentId } = await paid();
      shop.standin.newRefundStatus = 'pending';
      await act(order._id, 'cancel', { reason: 'x' });
      const [made] = refundsAt(paymentId);
      const before = (await mailsTo('owner@shop.test', orderMessages.mailOwnerRefundFailed)).length;
      shop.standin.finishRefund(made!.id, 'failed');
      expect((await webhook('refund.failed', made!.id)).statusCode).toBe(200);
      expect((await detail(order._id)).refunds[0]).toMatchObject({ status: 'failed' });
      expect(await mailsTo('owner@shop.test', orderMessages.mailOwnerRefundFailed)).toHaveLength(before + 1);
    });

    it('takes a refund.processed that comes before the create call is answered', async () => {
      const { order, paymentId } = await paid();
      shop.standin.newRefundStatus = 'pending';
      shop.standin.delayMs = 300;
      const cancelling = act(order._id, 'cancel', { reason: 'x' });
      while (refundsAt(paymentId).length === 0) await new Promise((r) => setTimeout(r, 10));
      const made = refundsAt(paymentId)[0]!;
      shop.standin.finishRefund(made.id, 'processed');
      expect((await webhook('refund.processed', made.id)).statusCode).toBe(200);
      expect((await cancelling).statusCode).toBe(200);
      expect((await detail(order._id)).refunds).toEqual([
        expect.objectContaining({ status: 'processed', providerRefundId: made.id }),
      ]);
    });

    it('refuses a refund webhook with a bad signature (400) and changes nothing', async () => {
      const { order, paymentId } = await paid();
      shop.standin.newRefundStatus = 'pending';
      await act(order._id, 'cancel', { reason: 'x' });
      const made = refundsAt(paymentId)[0]!;
      const forged = refundWebhookRequest('not-the-secret', 'refund.processed', made);
      const res = await postWebhook(shop.t.app, forged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toBe(messages.webhookSignatureInvalid);
      expect((await detail(order._id)).refunds[0]).toMatchObject({ status: 'pending' });
    });

    it('the reconciliation reads back a refund still pending after a while', async () => {
      const { order, paymentId } = await paid();
      shop.standin.newRefundStatus = 'pending';
      await act(order._id, 'cancel', { reason: 'x' });
      const made = refundsAt(paymentId)[0]!;
      shop.standin.finishRefund(made.id, 'processed');
      expect(await reconcileLater()).toBeGreaterThanOrEqual(1);
      expect((await detail(order._id)).refunds[0]).toMatchObject({ status: 'processed' });
    });
  });

  it('puts a refund-due checkout (paid after its hold lapsed) in the queue and refunds it from there, once', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    await app.inject({
      method: 'POST',
      url: '/api/payment/cancel',
      cookies: { sid: me.sid },
      payload: { order_id: me.orderId },
    });
    await app.ctx.db
      .updateTable('products')
      .set({ price_paise: 5000_00 })
      .where('id', '=', me.products[0]!.id)
      .execute();
    const result = shop.standin.pay(me.orderId);
    expect((await cartDetail(app, me.sid, result, me.shipping)).statusCode).toBe(409);
    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    const queue = (await call(app, 'GET', '/api/admin/refunds', admin.sid)).json() as RefundQueue;
    expect(queue.due).toContainEqual(
      expect.objectContaining({
        checkoutId: checkout!.id,
        amount: me.amount / 100,
        buyerEmail: me.user.email,
      }),
    );
    const [first, second] = await Promise.all([
      call(app, 'POST', `/api/admin/checkouts/${checkout!.id}/refund`, admin.sid),
      call(app, 'POST', `/api/admin/checkouts/${checkout!.id}/refund`, admin.sid),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(refundsAt(result.razorpay_payment_id).map((r) => r.amount)).toEqual([me.amount]);
    const after = (await call(app, 'GET', '/api/admin/refunds', admin.sid)).json() as RefundQueue;
    expect(after.due.map((d) => d.checkoutId)).not.toContain(checkout!.id);
    expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(4);
  });
});
