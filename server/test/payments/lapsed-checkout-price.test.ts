import { messages } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseExpiredCheckouts } from '../../src/modules/checkout/release.js';
import { deleteProduct, loginAsAdmin } from '../helpers/admin.js';
import { testDbKind } from '../helpers/databases.js';
import {
  cartDetail,
  checkoutsOf,
  ordersOf,
  payingCustomer,
  postWebhook,
  signedWebhook,
  startRazorpayShop,
  stockOf,
  type RazorpayShop,
} from '../helpers/razorpay-flow.js';

/**
 * Issue 29 item 9: a cancelled or expired checkout's Razorpay order stays
 * payable at Razorpay. Such a payment completes only at today's prices with
 * the stock still there; otherwise it is recorded as refund due.
 */
describe(`a payment for a checkout that had ended (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.standin.reset());

  const cancel = (sid: string, orderId: string) =>
    shop.t.app.inject({
      method: 'POST',
      url: '/api/payment/cancel',
      cookies: { sid },
      payload: { order_id: orderId },
    });

  const raisePrice = (productId: string) =>
    shop.t.app.ctx.db
      .updateTable('products')
      .set({ price_paise: 5000_00 })
      .where('id', '=', productId)
      .execute();

  it('refuses a cancelled checkout paid later at its old price: refund due, no orders, stock kept', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    expect((await cancel(me.sid, me.orderId)).statusCode).toBe(200);
    await raisePrice(me.products[0]!.id);

    const paid = shop.standin.pay(me.orderId);
    const res = await cartDetail(app, me.sid, paid, me.shipping);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toBe(messages.paidButSoldOut);
    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkout).toMatchObject({ status: 'refund_due', payment_id: paid.razorpay_payment_id });
    expect(await ordersOf(app.ctx.db, me.userId)).toEqual([]);
    expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(5);
    expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(4);
  });

  it('refuses an expired checkout captured later through the webhook at its old price', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    shop.t.clock.advance(11 * 60_000);
    await releaseExpiredCheckouts(app.ctx);
    await raisePrice(me.products[1]!.id);

    const late = signedWebhook({ event: 'payment.captured', orderId: me.orderId, amount: me.amount });
    expect((await postWebhook(app, late)).statusCode).toBe(200);

    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkout).toMatchObject({ status: 'refund_due', payment_id: late.paymentId });
    expect(await ordersOf(app.ctx.db, me.userId)).toEqual([]);
    expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(4);
  });

  it('refuses a payment captured after the owner deleted one of its products: refund due, other stock back', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    const admin = await loginAsAdmin(app);
    expect((await deleteProduct(app, admin.sid, me.products[0]!.id)).statusCode).toBe(200);
    expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(4);

    const late = signedWebhook({ event: 'payment.captured', orderId: me.orderId, amount: me.amount });
    expect((await postWebhook(app, late)).statusCode).toBe(200);

    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkout).toMatchObject({ status: 'refund_due', payment_id: late.paymentId });
    expect(await ordersOf(app.ctx.db, me.userId)).toEqual([]);
    expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(4);
  });

  it('completes a cancelled checkout paid later when the prices are as paid and the stock is there', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    expect((await cancel(me.sid, me.orderId)).statusCode).toBe(200);

    const res = await cartDetail(app, me.sid, shop.standin.pay(me.orderId), me.shipping);

    expect(res.statusCode, res.body).toBe(200);
    const orders = await ordersOf(app.ctx.db, me.userId);
    expect(orders.map((o) => Number(o.price_paise)).sort((a, b) => a - b)).toEqual([250_00, 1299_50]);
    expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(3);
  });
});
