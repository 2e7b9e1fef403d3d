import { messages, TEST_CARDS } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cancelPayment,
  cartDetail,
  checkoutRow,
  customer,
  orderCreate,
  payWithTestCard,
  startCheckout,
  stockOf,
  validShipping,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

describe(`the test gateway's card window (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function pendingCheckout() {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 2);
    const { id } = await startCheckout(t.app, me.sid);
    return { me, product, orderId: id };
  }

  it('answers a signed payment for the success card, which cartDetail accepts', async () => {
    const { me, orderId } = await pendingCheckout();
    const res = await payWithTestCard(t.app, me.sid, orderId, TEST_CARDS.success);
    expect(res.statusCode).toBe(200);
    const result = res.json() as Record<string, string>;
    expect(result).toEqual({
      razorpay_payment_id: expect.stringMatching(/^pay_test_/),
      razorpay_order_id: orderId,
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await cartDetail(t.app, me.sid, result)).statusCode).toBe(200);
  });

  it("confirms the spec's cartDetail (the payment id alone, no signature) against the gateway's own record", async () => {
    const { me, orderId } = await pendingCheckout();
    const paid = await payWithTestCard(t.app, me.sid, orderId, TEST_CARDS.success);
    const { razorpay_payment_id } = paid.json() as Record<string, string>;

    const res = await cartDetail(t.app, me.sid, { razorpay_payment_id, cartProducts: [] });

    expect(res.statusCode).toBe(200);
    expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({
      status: 'paid',
      payment_id: razorpay_payment_id,
    });
  });

  it('refuses a payment id the gateway never took with 400, whatever else is sent', async () => {
    const { me, orderId } = await pendingCheckout();
    const res = await cartDetail(t.app, me.sid, {
      razorpay_payment_id: 'pay_test_000000000000000000',
      data: validShipping(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.paymentNotVerified);
    expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({ status: 'pending', payment_id: null });
  });

  it('accepts the success card without its spaces', async () => {
    const { me, orderId } = await pendingCheckout();
    const res = await payWithTestCard(t.app, me.sid, orderId, TEST_CARDS.success.replaceAll(' ', ''));
    expect(res.statusCode).toBe(200);
  });

  it('answers 402 "declined" to the declined card and changes nothing; cancel then gives the stock back', async () => {
    const { me, product, orderId } = await pendingCheckout();
    const res = await payWithTestCard(t.app, me.sid, orderId, TEST_CARDS.declined);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual(messages.paymentDeclined);
    expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({ status: 'pending', payment_id: null });
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);

    const cancelled = await cancelPayment(t.app, me.sid, orderId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ message: messages.paymentCancelled });
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(5);
  });

  it.each(['4242 4242 4242 4242', '1234', 'abcd efgh'])(
    'answers 400 "use a test card" to the card %j',
    async (card) => {
      const { me, orderId } = await pendingCheckout();
      const res = await payWithTestCard(t.app, me.sid, orderId, card);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(messages.useTestCard);
      expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({ status: 'pending' });
    },
  );

  it('answers 400 "enter a card number" to an empty card number', async () => {
    const { me, orderId } = await pendingCheckout();
    const res = await payWithTestCard(t.app, me.sid, orderId, '  ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.cardNumberRequired);
  });

  it("answers 404 to another user's order id and an unknown one", async () => {
    const { orderId } = await pendingCheckout();
    const other = await customer(t.app);
    for (const id of [orderId, 'order_test_nosuchorder']) {
      const res = await payWithTestCard(t.app, other.sid, id, TEST_CARDS.success);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(messages.checkoutNotFound);
    }
  });

  it('answers 400 "expired" to a checkout that is no longer pending', async () => {
    const { me, orderId } = await pendingCheckout();
    await cancelPayment(t.app, me.sid, orderId);
    const res = await payWithTestCard(t.app, me.sid, orderId, TEST_CARDS.success);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.checkoutExpired);
  });

  it('answers 401 to every payment route without a session', async () => {
    const { orderId } = await pendingCheckout();
    const answers = [
      await orderCreate(t.app, undefined, validShipping()),
      await payWithTestCard(t.app, undefined, orderId, TEST_CARDS.success),
      await cartDetail(t.app, undefined, {
        razorpay_payment_id: 'pay_x',
        razorpay_order_id: orderId,
        razorpay_signature: 'x',
      }),
      await cancelPayment(t.app, undefined, orderId),
      await t.app.inject({ method: 'GET', url: '/api/payment/config' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(messages.loginRequired);
    }
    expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({ status: 'pending' });
  });
});
