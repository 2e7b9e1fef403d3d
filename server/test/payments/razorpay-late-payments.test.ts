import { messages, orderMessages, type RefundQueue } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { testDbKind } from '../helpers/databases.js';
import { decodedMail, outbox } from '../helpers/mail.js';
import {
  cartDetail,
  checkoutsOf,
  ordersOf,
  payingCustomer,
  postWebhook,
  signedWebhook,
  startRazorpayShop,
  type RazorpayShop,
} from '../helpers/razorpay-flow.js';

/** Payments that come when the checkout can no longer become orders: a second one, or one after the account went. */
describe(`payments a checkout cannot take (${testDbKind})`, () => {
  let shop: RazorpayShop;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    shop = await startRazorpayShop();
    admin = await loginAsAdmin(shop.t.app);
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.standin.reset());

  const queue = async () =>
    (await call(shop.t.app, 'GET', '/api/admin/refunds', admin.sid)).json() as RefundQueue;
  const refundsAt = (paymentId: string) =>
    [...shop.standin.refunds.values()].filter((r) => r.payment_id === paymentId);
  /** Razorpay's payment.captured webhook for a payment of this customer's order. */
  const captured = (me: { orderId: string; amount: number }, paymentId: string) =>
    postWebhook(
      shop.t.app,
      signedWebhook({ event: 'payment.captured', orderId: me.orderId, paymentId, amount: me.amount }),
    );

  it('refunds a second captured payment of a paid checkout whole, keeps the orders, and the first stays refundable', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    const first = shop.standin.pay(me.orderId);
    expect((await cartDetail(app, me.sid, first, me.shipping)).statusCode).toBe(200);
    const orders = await ordersOf(app.ctx.db, me.userId);

    // A second window on the same order took the money again: the browser says so, then Razorpay.
    const second = shop.standin.pay(me.orderId);
    const again = await cartDetail(app, me.sid, second, me.shipping);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toBe(orderMessages.secondPaymentRefunded);
    expect((await captured(me, second.razorpay_payment_id)).statusCode).toBe(200);

    expect(await ordersOf(app.ctx.db, me.userId)).toEqual(orders);
    expect(refundsAt(second.razorpay_payment_id).map((r) => r.amount)).toEqual([me.amount]);
    expect(refundsAt(first.razorpay_payment_id)).toEqual([]);
    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkout).toMatchObject({ status: 'paid', payment_id: first.razorpay_payment_id });
    const { refunds } = await queue();
    expect(refunds.filter((r) => r.paymentId === second.razorpay_payment_id)).toEqual([
      expect.objectContaining({
        orderId: null,
        amount: me.amount / 100,
        status: 'processed',
        reason: 'a second payment for a checkout already paid',
        buyerEmail: me.user.email,
      }),
    ]);
    // Its mail says so, and lists none of the orders, which stand.
    const mails = [...(await outbox(shop.t)).values()].map(decodedMail);
    const refunded = mails.filter((m) => m.includes(second.razorpay_payment_id));
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toContain(orderMessages.secondPaymentRefunded);
    expect(refunded[0]).not.toContain(orders[0]!.name);

    // The first payment's orders can still be refunded in full.
    const order = orders[0]!;
    const cancel = await call(app, 'POST', `/api/admin/orders/${order.id}/cancel`, admin.sid, {
      reason: 'x',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(refundsAt(first.razorpay_payment_id).map((r) => r.amount)).toEqual([Number(order.amount_paise)]);
  });

  it('never captures a second authorized payment of a paid checkout (409), so the bank lets it go', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    const first = shop.standin.pay(me.orderId);
    expect((await cartDetail(app, me.sid, first, me.shipping)).statusCode).toBe(200);

    const second = shop.standin.pay(me.orderId, { status: 'authorized' });
    const res = await cartDetail(app, me.sid, second, me.shipping);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toBe(messages.alreadyPaid);
    expect(shop.standin.payments.get(second.razorpay_payment_id)!.status).toBe('authorized');
    expect(shop.standin.paymentRequests().filter((r) => r.path.endsWith('/capture'))).toEqual([]);
    expect(await ordersOf(app.ctx.db, me.userId)).toHaveLength(2);
  });

  it('a payment that comes after the account was deleted makes no orders and waits in the refund queue', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    const gone = await call(app, 'POST', '/api/user/delete', me.sid, { password: me.user.password });
    expect(gone.statusCode, gone.body).toBe(200);

    const paid = shop.standin.pay(me.orderId);
    const res = await captured(me, paid.razorpay_payment_id);

    expect(res.statusCode, res.body).toBe(200);
    expect(await ordersOf(app.ctx.db, me.userId)).toEqual([]);
    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkout).toMatchObject({ status: 'refund_due', payment_id: paid.razorpay_payment_id });
    const due = (await queue()).due.filter((d) => d.paymentId === paid.razorpay_payment_id);
    expect(due).toEqual([expect.objectContaining({ amount: me.amount / 100, buyerEmail: '' })]);

    const refund = await call(app, 'POST', `/api/admin/checkouts/${checkout!.id}/refund`, admin.sid);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refundsAt(paid.razorpay_payment_id).map((r) => r.amount)).toEqual([me.amount]);
    expect((await queue()).due.filter((d) => d.paymentId === paid.razorpay_payment_id)).toEqual([]);
    const twice = await call(app, 'POST', `/api/admin/checkouts/${checkout!.id}/refund`, admin.sid);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toBe(orderMessages.refundNothingLeft);
  });

  it('a second payment of a checkout due a refund goes back at once, and the first still waits in the queue', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    await call(app, 'POST', '/api/user/delete', me.sid, { password: me.user.password });
    const [first, second] = [shop.standin.pay(me.orderId), shop.standin.pay(me.orderId)];
    for (const paid of [first, second]) {
      expect((await captured(me, paid.razorpay_payment_id)).statusCode).toBe(200);
    }

    expect(refundsAt(second.razorpay_payment_id).map((r) => r.amount)).toEqual([me.amount]);
    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkout).toMatchObject({ status: 'refund_due', payment_id: first.razorpay_payment_id });
    expect((await queue()).due.map((d) => d.paymentId)).toContain(first.razorpay_payment_id);
    const refund = await call(app, 'POST', `/api/admin/checkouts/${checkout!.id}/refund`, admin.sid);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refundsAt(first.razorpay_payment_id).map((r) => r.amount)).toEqual([me.amount]);
  });
});
