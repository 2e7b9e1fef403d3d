import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cartDetail,
  cartRows,
  checkoutRow,
  customer,
  orderRows,
  signedPayment,
  startCheckout,
  stockOf,
  type PaymentResult,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { outbox } from '../helpers/mail.js';
import { createProduct } from '../helpers/products.js';

describe(`verifying the payment at cartDetail (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A customer with a pending checkout of 2 of a product with 5 in stock. */
  async function pendingCheckout() {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 2);
    const { id } = await startCheckout(t.app, me.sid);
    return { me, product, orderId: id };
  }

  /** Nothing happened: still pending, no orders, the cart intact, the stock only reserved. */
  async function expectUnchanged(s: Awaited<ReturnType<typeof pendingCheckout>>) {
    expect(await checkoutRow(t.app.ctx.db, s.orderId)).toMatchObject({ status: 'pending', payment_id: null });
    expect(await orderRows(t.app.ctx.db, s.me.id)).toEqual([]);
    expect((await cartRows(t.app.ctx.db, s.me.id)).map((r) => [r.product_id, r.quantity])).toEqual([
      [s.product.id, 2],
    ]);
    expect(await stockOf(t.app.ctx.db, s.product.id)).toBe(3);
  }

  async function expectRefused(sid: string, body: object) {
    const res = await cartDetail(t.app, sid, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.paymentNotVerified);
  }

  it('answers 400 to a wrong signature and changes nothing', async () => {
    const s = await pendingCheckout();
    const payment = await signedPayment(t.app, s.me.sid, s.orderId);
    const last = payment.razorpay_signature.at(-1) === '0' ? '1' : '0';
    await expectRefused(s.me.sid, {
      ...payment,
      razorpay_signature: `${payment.razorpay_signature.slice(0, -1)}${last}`,
    });
    await expectRefused(s.me.sid, { ...payment, razorpay_signature: 'not-a-signature' });
    await expectRefused(s.me.sid, { ...payment, razorpay_payment_id: 'pay_test_forged' });
    await expectUnchanged(s);
  });

  it('answers 400 to a signature made for another order', async () => {
    const s = await pendingCheckout();
    const other = await pendingCheckout();
    const forOther = await signedPayment(t.app, other.me.sid, other.orderId);
    // Valid for the other order; used with this one.
    await expectRefused(s.me.sid, { ...forOther, razorpay_order_id: s.orderId });
    await expectUnchanged(s);
  });

  it("answers 400 to the signature of the same user's earlier, released order", async () => {
    const s = await pendingCheckout();
    const earlier = await signedPayment(t.app, s.me.sid, s.orderId);
    const { id: current } = await startCheckout(t.app, s.me.sid);
    await expectRefused(s.me.sid, { ...earlier, razorpay_order_id: current });
    await expectUnchanged({ ...s, orderId: current });
  });

  it('answers 400 to an empty signature and to each missing field', async () => {
    const s = await pendingCheckout();
    const payment = await signedPayment(t.app, s.me.sid, s.orderId);
    await expectRefused(s.me.sid, { ...payment, razorpay_signature: '' });
    for (const field of Object.keys(payment) as (keyof PaymentResult)[]) {
      const body: Partial<PaymentResult> = { ...payment };
      delete body[field];
      await expectRefused(s.me.sid, body);
    }
    await expectRefused(s.me.sid, { ...payment, razorpay_signature: 12345 });
    await expectUnchanged(s);
  });

  it('gives one set of orders when cartDetail is posted twice, and changes nothing the second time', async () => {
    const s = await pendingCheckout();
    const payment = await signedPayment(t.app, s.me.sid, s.orderId);
    const first = await cartDetail(t.app, s.me.sid, payment);
    expect(first.statusCode).toBe(200);
    const paid = await checkoutRow(t.app.ctx.db, s.orderId);
    const mailsAfterFirst = (await outbox(t)).size;

    const second = await cartDetail(t.app, s.me.sid, payment);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await checkoutRow(t.app.ctx.db, s.orderId)).toEqual(paid);
    expect(await orderRows(t.app.ctx.db, s.me.id)).toHaveLength(1);
    expect(await stockOf(t.app.ctx.db, s.product.id)).toBe(3);
    expect((await outbox(t)).size).toBe(mailsAfterFirst);
  });

  it('gives one set of orders when cartDetail is posted twice at once', async () => {
    const s = await pendingCheckout();
    const payment = await signedPayment(t.app, s.me.sid, s.orderId);
    const mailsBefore = (await outbox(t)).size;
    const [a, b] = await Promise.all([
      cartDetail(t.app, s.me.sid, payment),
      cartDetail(t.app, s.me.sid, payment),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    const rows = await orderRows(t.app.ctx.db, s.me.id);
    expect(rows).toHaveLength(1);
    expect((a.json() as { data: { _id: string }[] }).data.map((o) => o._id)).toEqual([rows[0]!.id]);
    expect(await checkoutRow(t.app.ctx.db, s.orderId)).toMatchObject({ status: 'paid' });
    expect(await stockOf(t.app.ctx.db, s.product.id)).toBe(3);
    expect((await outbox(t)).size).toBe(mailsBefore + 1);
  });

  it("answers 404 to a valid signature for someone else's checkout and changes nothing", async () => {
    const s = await pendingCheckout();
    const payment = await signedPayment(t.app, s.me.sid, s.orderId);
    const thief = await customer(t.app);
    const res = await cartDetail(t.app, thief.sid, payment);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.checkoutNotFound);
    await expectUnchanged(s);
    expect(await orderRows(t.app.ctx.db, thief.id)).toEqual([]);

    // The owner can still complete it.
    expect((await cartDetail(t.app, s.me.sid, payment)).statusCode).toBe(200);
  });
});
