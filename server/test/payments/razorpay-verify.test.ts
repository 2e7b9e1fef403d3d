import { messages, type AdminOrder, type Order } from '@shop/shared';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/databases.js';
import {
  cartDetail,
  checkoutsOf,
  getCart,
  ordersOf,
  payingCustomer,
  RAZORPAY_KEYS,
  snapshot,
  startRazorpayShop,
  stockOf,
  type RazorpayShop,
} from '../helpers/razorpay-flow.js';
import { checkoutResult, razorpayId, type CheckoutResult } from '../helpers/razorpay-standin.js';

const RAVI = { name: 'Ravi Kumar', town: 'Nagpur' };

describe(`verifying the payment Razorpay's checkout reports (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.standin.reset());

  it("completes the checkout for a payment Razorpay itself shows as captured, signed with Razorpay's key secret", async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, RAVI);
    const result = shop.standin.pay(me.orderId);

    const res = await cartDetail(app, me.sid, result);

    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Order[]; message: string };
    expect(body.message).toBe(messages.paymentSuccess);
    expect(body.data).toHaveLength(2);
    // The server asked Razorpay, with its key, about this very payment.
    expect(shop.standin.paymentRequests()).toEqual([
      {
        method: 'GET',
        path: `/v1/payments/${result.razorpay_payment_id}`,
        authorization: expect.stringMatching(/^Basic /),
        body: undefined,
      },
    ]);
    const rows = await ordersOf(app.ctx.db, me.userId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        provider_order_id: me.orderId,
        transaction_id: result.razorpay_payment_id,
        recipient_name: 'Ravi Kumar',
        town: 'Nagpur',
      });
    }
    expect(rows.map((r) => r.amount_paise).sort((a, b) => a - b)).toEqual([250_00, 2 * 1299_50]);
    expect(await getCart(app, me.sid)).toEqual([]);
    // The owner's list does not mark a payment Razorpay took as a test.
    const admin = await loginAsAdmin(app);
    const listed = (await call(app, 'GET', '/api/admin/orders', admin.sid)).json() as AdminOrder[];
    expect(listed.filter((o) => o.buyer.userId === me.userId).map((o) => o.testPayment)).toEqual([
      false,
      false,
    ]);
    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkout).toMatchObject({ status: 'paid', payment_id: result.razorpay_payment_id });
    expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(3);
    expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(3);
  });

  it('captures a payment Razorpay shows as only authorized, for exactly the amount due, then completes', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, RAVI);
    const result = shop.standin.pay(me.orderId, { status: 'authorized' });

    const res = await cartDetail(app, me.sid, result);

    expect(res.statusCode).toBe(200);
    const capture = shop.standin.paymentRequests().find((r) => r.method === 'POST');
    expect(capture).toMatchObject({
      path: `/v1/payments/${result.razorpay_payment_id}/capture`,
      body: { amount: me.amount, currency: 'INR' },
    });
    expect(shop.standin.payments.get(result.razorpay_payment_id)?.status).toBe('captured');
    expect(await ordersOf(app.ctx.db, me.userId)).toHaveLength(2);
  });

  it.each([
    ['that Razorpay does not know', () => ({ status: 'captured' as const, unknown: true })],
    ['that failed', () => ({ status: 'failed' as const })],
    ['of less than the amount due', () => ({ status: 'captured' as const, short: true })],
  ])('refuses a correctly signed payment %s with 400 and changes nothing', async (_name, kind) => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, RAVI);
    const how = kind();
    const paid = shop.standin.pay(me.orderId, {
      status: how.status,
      ...('short' in how ? { amount: me.amount - 100 } : {}),
    });
    if ('unknown' in how) shop.standin.payments.delete(paid.razorpay_payment_id);
    const before = await snapshot(app, me);

    const res = await cartDetail(app, me.sid, paid);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.paymentNotVerified);
    expect(await snapshot(app, me)).toEqual(before);
    expect(before.orders).toEqual([]);
  });

  it("refuses a captured payment of another customer's checkout with 404 and changes neither", async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, RAVI);
    const other = await payingCustomer(shop);
    const theirs = shop.standin.pay(other.orderId);
    const mine = await snapshot(app, me);

    const res = await cartDetail(app, me.sid, { ...theirs });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toBe(messages.checkoutNotFound);
    expect(await snapshot(app, me)).toEqual(mine);
    expect(await ordersOf(app.ctx.db, other.userId)).toEqual([]);
  });

  it.each([
    [
      'made with the wrong secret',
      (paid: CheckoutResult) =>
        checkoutResult(paid.razorpay_order_id, 'not-the-key-secret', paid.razorpay_payment_id),
    ],
    [
      'made for another order',
      (paid: CheckoutResult) => {
        const other = checkoutResult(razorpayId('order'), RAZORPAY_KEYS.keySecret, paid.razorpay_payment_id);
        return { ...other, razorpay_order_id: paid.razorpay_order_id };
      },
    ],
    [
      'made for another payment',
      (paid: CheckoutResult) => ({ ...paid, razorpay_payment_id: razorpayId('pay') }),
    ],
    ['empty', (paid: CheckoutResult) => ({ ...paid, razorpay_signature: '' })],
    [
      'missing, with the order id sent',
      (paid: CheckoutResult) => {
        const { razorpay_payment_id, razorpay_order_id } = paid;
        return { razorpay_payment_id, razorpay_order_id } as CheckoutResult;
      },
    ],
    [
      'cut short',
      (paid: CheckoutResult) => ({ ...paid, razorpay_signature: paid.razorpay_signature.slice(0, 32) }),
    ],
  ])('refuses a signature %s with 400 before asking Razorpay, and changes nothing', async (_name, forge) => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, RAVI);
    const paid = shop.standin.pay(me.orderId);
    const before = await snapshot(app, me);

    const res = await cartDetail(app, me.sid, forge(paid));

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.paymentNotVerified);
    expect(shop.standin.paymentRequests()).toEqual([]);
    expect(await snapshot(app, me)).toEqual(before);
    expect(before.checkouts.map((c) => c.status)).toEqual(['pending']);
    expect(before.orders).toEqual([]);
  });

  it('answers the same orders when the browser posts the same payment twice', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, RAVI);
    const result = shop.standin.pay(me.orderId);

    const first = await cartDetail(app, me.sid, result);
    const second = await cartDetail(app, me.sid, result);

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect((second.json() as { data: Order[] }).data).toEqual((first.json() as { data: Order[] }).data);
    expect(await ordersOf(app.ctx.db, me.userId)).toHaveLength(2);
  });
});
