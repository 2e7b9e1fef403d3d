import { messages, TEST_CARDS } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cancelPayment,
  checkoutRow,
  customer,
  orderRows,
  payWithTestCard,
  startCheckout,
  stockOf,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { userRow } from '../helpers/db.js';
import { createProduct } from '../helpers/products.js';
import {
  cartDetail,
  customerWithCart,
  orderCreate,
  payingCustomer,
  startRazorpayShop,
  type RazorpayShop,
} from '../helpers/razorpay-flow.js';

/**
 * The card window said it was closed, but the money had been taken: the cancel must not put the
 * paid stock back on the shelf, nor tell the customer nothing happened.
 */
describe(`a cancel after the payment was taken, test gateway (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('places the orders, keeps the stock sold and says so with 409', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 2 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 2);
    const { id: orderId } = await startCheckout(t.app, me.sid);
    expect((await payWithTestCard(t.app, me.sid, orderId, TEST_CARDS.success)).statusCode).toBe(200);

    const res = await cancelPayment(t.app, me.sid, orderId);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toBe(messages.paidNotCancelled);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(0);
    expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({ status: 'paid' });
    const userId = (await userRow(t.app, me.user.email))!.id;
    expect(await orderRows(t.app.ctx.db, userId)).toEqual([
      expect.objectContaining({ product_id: product.id, quantity: 2, status: 'placed' }),
    ]);
    // Asked again, it is an order already paid.
    const again = await cancelPayment(t.app, me.sid, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toBe(messages.alreadyPaid);
  });

  it('still gives the stock back when no payment was taken', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 2 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 2);
    const { id: orderId } = await startCheckout(t.app, me.sid);
    expect((await payWithTestCard(t.app, me.sid, orderId, TEST_CARDS.declined)).statusCode).toBe(402);

    const res = await cancelPayment(t.app, me.sid, orderId);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.paymentCancelled });
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(2);
  });
});

describe(`a cancel after the payment was taken, Razorpay (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.standin.reset());

  it.each(['captured', 'authorized'] as const)(
    'makes the orders of a payment Razorpay holds as %s (capturing it) instead of freeing their stock',
    async (status) => {
      const { app } = shop.t;
      const me = await payingCustomer(shop);
      const payment = shop.standin.pay(me.orderId, { status });

      const res = await cancelPayment(app, me.sid, me.orderId);

      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toBe(messages.paidNotCancelled);
      expect(shop.standin.payments.get(payment.razorpay_payment_id)).toMatchObject({ status: 'captured' });
      expect(await checkoutRow(app.ctx.db, me.orderId)).toMatchObject({
        status: 'paid',
        payment_id: payment.razorpay_payment_id,
      });
      expect((await orderRows(app.ctx.db, me.userId)).map((o) => o.quantity).sort()).toEqual([1, 2]);
      expect(await Promise.all(me.products.map((p) => stockOf(app.ctx.db, p.id)))).toEqual([3, 3]);
    },
  );

  it("keeps a paid checkout of the spec's client, which sends the shipping form only with cartDetail, for it to finish", async () => {
    const { app } = shop.t;
    const me = await customerWithCart(app, [{ product: { count_in_stock: 3 }, quantity: 2 }]);
    const created = await orderCreate(app, me.sid, {});
    expect(created.statusCode, created.body).toBe(200);
    const orderId = (created.json() as { id: string }).id;
    const payment = shop.standin.pay(orderId);

    const res = await cancelPayment(app, me.sid, orderId);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toBe(messages.alreadyPaid);
    expect(await checkoutRow(app.ctx.db, orderId)).toMatchObject({ status: 'pending' });
    expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(1);
    // Its cartDetail, with the form, then makes the order from the stock still held.
    expect((await cartDetail(app, me.sid, payment)).statusCode).toBe(200);
    expect(await orderRows(app.ctx.db, me.userId)).toEqual([expect.objectContaining({ quantity: 2 })]);
  });

  it('frees the stock when the only attempt failed', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    shop.standin.pay(me.orderId, { status: 'failed' });

    const res = await cancelPayment(app, me.sid, me.orderId);

    expect(res.statusCode).toBe(200);
    expect(await checkoutRow(app.ctx.db, me.orderId)).toMatchObject({ status: 'released' });
    expect(await Promise.all(me.products.map((p) => stockOf(app.ctx.db, p.id)))).toEqual([5, 4]);
  });

  it('keeps the hold when Razorpay cannot say whether it took a payment, and says so', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    shop.standin.failNext(500, 'We are facing some trouble completing your request at the moment.');

    const res = await cancelPayment(app, me.sid, me.orderId);

    expect(res.statusCode).toBe(502);
    expect(res.json()).toBe(messages.paymentCheckFailed);
    expect(await checkoutRow(app.ctx.db, me.orderId)).toMatchObject({ status: 'pending' });
    expect(await Promise.all(me.products.map((p) => stockOf(app.ctx.db, p.id)))).toEqual([3, 3]);
    // Asked again once Razorpay answers, the stock goes back.
    expect((await cancelPayment(app, me.sid, me.orderId)).statusCode).toBe(200);
    expect(await Promise.all(me.products.map((p) => stockOf(app.ctx.db, p.id)))).toEqual([5, 4]);
  });
});
