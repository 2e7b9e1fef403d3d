import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cancelPayment,
  cartDetail,
  cartRows,
  checkoutRow,
  customer,
  orderRows,
  signedPayment,
  startCheckout,
  stockOf,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';
import { releaseExpiredCheckouts } from '../../src/modules/checkout/release.js';

const minutes = (n: number) => n * 60_000;

describe(`reservations not paid in time (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A customer holding `quantity` of a product with `stock` in stock. */
  async function reserved(stock: number, quantity: number) {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: stock });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, quantity);
    const { id } = await startCheckout(t.app, me.sid);
    return { me, product, orderId: id };
  }

  it('releases nothing before 10 minutes and gives the stock back after them', async () => {
    // Earlier tests' holds are out of the way, so the counts are this test's alone.
    await releaseExpiredCheckouts(t.app.ctx);
    const s = await reserved(5, 2);

    t.clock.advance(minutes(9));
    expect(await releaseExpiredCheckouts(t.app.ctx)).toBe(0);
    expect(await checkoutRow(t.app.ctx.db, s.orderId)).toMatchObject({ status: 'pending' });
    expect(await stockOf(t.app.ctx.db, s.product.id)).toBe(3);

    t.clock.advance(minutes(2));
    expect(await releaseExpiredCheckouts(t.app.ctx)).toBe(1);
    const row = await checkoutRow(t.app.ctx.db, s.orderId);
    expect(row.status).toBe('released');
    expect(row.closed_at! >= row.expires_at).toBe(true);
    expect(await stockOf(t.app.ctx.db, s.product.id)).toBe(5);
    // The cart is kept for a later try.
    expect((await cartRows(t.app.ctx.db, s.me.id)).map((r) => r.quantity)).toEqual([2]);

    // Released once: a second sweep or a cancel gives nothing back twice.
    expect(await releaseExpiredCheckouts(t.app.ctx)).toBe(0);
    expect((await cancelPayment(t.app, s.me.sid, s.orderId)).statusCode).toBe(200);
    expect(await stockOf(t.app.ctx.db, s.product.id)).toBe(5);
  });

  it('turns a payment verified after the release into orders when the stock is still there', async () => {
    const s = await reserved(5, 2);
    const payment = await signedPayment(t.app, s.me.sid, s.orderId);
    t.clock.advance(minutes(16));
    await releaseExpiredCheckouts(t.app.ctx);
    expect(await stockOf(t.app.ctx.db, s.product.id)).toBe(5);

    const res = await cartDetail(t.app, s.me.sid, payment);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.paymentSuccess });
    expect(await checkoutRow(t.app.ctx.db, s.orderId)).toMatchObject({
      status: 'paid',
      payment_id: payment.razorpay_payment_id,
    });
    expect((await orderRows(t.app.ctx.db, s.me.id)).map((r) => [r.product_id, r.quantity])).toEqual([
      [s.product.id, 2],
    ]);
    expect(await stockOf(t.app.ctx.db, s.product.id)).toBe(3);
    expect(await cartRows(t.app.ctx.db, s.me.id)).toEqual([]);
  });

  it('records a refund due, and makes no orders, when the stock sold meanwhile', async () => {
    const s = await reserved(1, 1);
    const payment = await signedPayment(t.app, s.me.sid, s.orderId);
    t.clock.advance(minutes(16));
    await releaseExpiredCheckouts(t.app.ctx);

    const rival = await customer(t.app);
    await addToCart(t.app, rival.sid, s.product.id, 1);
    const rivalOrder = await startCheckout(t.app, rival.sid);
    expect(await stockOf(t.app.ctx.db, s.product.id)).toBe(0);

    const res = await cartDetail(t.app, s.me.sid, payment);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messages.paidButSoldOut);
    expect(await checkoutRow(t.app.ctx.db, s.orderId)).toMatchObject({
      status: 'refund_due',
      payment_id: payment.razorpay_payment_id,
    });
    expect(await orderRows(t.app.ctx.db, s.me.id)).toEqual([]);
    expect(await stockOf(t.app.ctx.db, s.product.id)).toBe(0);
    expect((await cartRows(t.app.ctx.db, s.me.id)).map((r) => r.quantity)).toEqual([1]);

    // Asking again changes nothing, and the rival's purchase goes through.
    const again = await cartDetail(t.app, s.me.sid, payment);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(messages.paidButSoldOut);
    const rivalPaid = await cartDetail(
      t.app,
      rival.sid,
      await signedPayment(t.app, rival.sid, rivalOrder.id),
    );
    expect(rivalPaid.statusCode).toBe(200);
    expect(await stockOf(t.app.ctx.db, s.product.id)).toBe(0);
  });

  it('takes the expiry from CHECKOUT_TTL_MINUTES', async () => {
    const short = await createTestApp({ CHECKOUT_TTL_MINUTES: '5' });
    try {
      const product = await createProduct(short.app.ctx.db, { count_in_stock: 3 });
      const me = await customer(short.app);
      await addToCart(short.app, me.sid, product.id, 3);
      const { id } = await startCheckout(short.app, me.sid);
      short.clock.advance(minutes(4));
      expect(await releaseExpiredCheckouts(short.app.ctx)).toBe(0);
      short.clock.advance(minutes(2));
      expect(await releaseExpiredCheckouts(short.app.ctx)).toBe(1);
      expect(await checkoutRow(short.app.ctx.db, id)).toMatchObject({ status: 'released' });
      expect(await stockOf(short.app.ctx.db, product.id)).toBe(3);
    } finally {
      await short.close();
    }
  });
});
