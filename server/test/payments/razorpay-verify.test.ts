import { messages, type Order } from '@shop/shared';
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
import { checkoutResult, razorpayId } from '../helpers/razorpay-standin.js';

const RAVI = { name: 'Ravi Kumar', town: 'Nagpur' };

describe(`verifying the payment Razorpay's checkout reports (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.standin.reset());

  it("completes the checkout for a payment signed with Razorpay's key secret", async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, RAVI);
    shop.standin.markPaid(me.orderId);
    const result = checkoutResult(me.orderId, RAZORPAY_KEYS.keySecret);

    const res = await cartDetail(app, me.sid, result);

    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Order[]; message: string };
    expect(body.message).toBe(messages.paymentSuccess);
    expect(body.data).toHaveLength(2);
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
    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkout).toMatchObject({ status: 'paid', payment_id: result.razorpay_payment_id });
    expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(3);
    expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(3);
  });

  it.each([
    ['made with the wrong secret', (orderId: string) => checkoutResult(orderId, 'not-the-key-secret')],
    [
      'made for another order',
      (orderId: string) => {
        const other = checkoutResult(razorpayId('order'), RAZORPAY_KEYS.keySecret);
        return { ...other, razorpay_order_id: orderId };
      },
    ],
    [
      'made for another payment',
      (orderId: string) => ({
        ...checkoutResult(orderId, RAZORPAY_KEYS.keySecret),
        razorpay_payment_id: razorpayId('pay'),
      }),
    ],
    [
      'empty',
      (orderId: string) => ({ ...checkoutResult(orderId, RAZORPAY_KEYS.keySecret), razorpay_signature: '' }),
    ],
    [
      'missing',
      (orderId: string) => {
        const { razorpay_payment_id, razorpay_order_id } = checkoutResult(orderId, RAZORPAY_KEYS.keySecret);
        return { razorpay_payment_id, razorpay_order_id } as ReturnType<typeof checkoutResult>;
      },
    ],
    [
      'cut short',
      (orderId: string) => {
        const result = checkoutResult(orderId, RAZORPAY_KEYS.keySecret);
        return { ...result, razorpay_signature: result.razorpay_signature.slice(0, 32) };
      },
    ],
  ])('refuses a signature %s with 400 and changes nothing', async (_name, forge) => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, RAVI);
    const before = await snapshot(app, me);

    const res = await cartDetail(app, me.sid, forge(me.orderId));

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: messages.paymentNotVerified });
    expect(await snapshot(app, me)).toEqual(before);
    expect(before.checkouts.map((c) => c.status)).toEqual(['pending']);
    expect(before.orders).toEqual([]);
  });

  it('answers the same orders when the browser posts the same payment twice', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, RAVI);
    const result = checkoutResult(me.orderId, RAZORPAY_KEYS.keySecret);

    const first = await cartDetail(app, me.sid, result);
    const second = await cartDetail(app, me.sid, result);

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect((second.json() as { data: Order[] }).data).toEqual((first.json() as { data: Order[] }).data);
    expect(await ordersOf(app.ctx.db, me.userId)).toHaveLength(2);
  });
});
