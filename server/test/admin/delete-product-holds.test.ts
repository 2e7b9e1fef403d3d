import { messages, TEST_CARDS, type RefundQueue } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, deleteProduct, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  buyCart,
  cartDetail,
  cartRows,
  checkoutRow,
  customer,
  orderRows,
  payWithTestCard,
  signedPayment,
  startCheckout,
  stockOf,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

/**
 * A product the owner deletes while a customer's checkout holds it: the checkout ends, its other
 * held stock goes back, and a payment that still arrives makes no order but is due a refund.
 */
describe(`deleting a product held by an unpaid checkout (${testDbKind})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAsAdmin(t.app)).sid;
  });
  afterAll(() => t.close());

  /** Paid, but no order made: the customer is told the shop refunds, the owner sees it due, the other stock is back. */
  async function expectRefundDue(
    res: { statusCode: number; json: () => unknown },
    orderId: string,
    paymentId: string,
    userId: string,
    keptId: string,
  ) {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toBe(messages.paidButSoldOut);
    expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({
      status: 'refund_due',
      payment_id: paymentId,
    });
    expect(await orderRows(t.app.ctx.db, userId)).toEqual([]);
    expect(await stockOf(t.app.ctx.db, keptId)).toBe(4);
  }

  /** A customer holding 2 of `doomed` (5 in stock) and 1 of `kept` (4 in stock). */
  async function holding() {
    const doomed = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const kept = await createProduct(t.app.ctx.db, { count_in_stock: 4 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, doomed.id, 2);
    await addToCart(t.app, me.sid, kept.id, 1);
    const { id: orderId } = await startCheckout(t.app, me.sid);
    expect([await stockOf(t.app.ctx.db, doomed.id), await stockOf(t.app.ctx.db, kept.id)]).toEqual([3, 3]);
    return { me, doomed, kept, orderId };
  }

  const refundQueue = async () =>
    (await call(t.app, 'GET', '/api/admin/refunds', admin)).json() as RefundQueue;

  it('still answers 200 Product deleted, ends the checkout and gives its other lines back', async () => {
    const { me, doomed, kept, orderId } = await holding();

    const res = await deleteProduct(t.app, admin, doomed.id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.productDeleted });
    expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({ status: 'released' });
    expect(await stockOf(t.app.ctx.db, kept.id)).toBe(4);
    // The cart keeps the other line for the customer's next try.
    expect((await cartRows(t.app.ctx.db, me.id)).map((l) => l.product_id)).toEqual([kept.id]);
    // The card window takes no payment for the ended checkout.
    const pay = await payWithTestCard(t.app, me.sid, orderId, TEST_CARDS.success);
    expect(pay.statusCode).toBe(400);
    expect(pay.json()).toBe(messages.checkoutExpired);
  });

  it('makes a payment confirmed after the delete refund due, told to the customer and listed for the owner', async () => {
    const { me, doomed, kept, orderId } = await holding();
    // Paid in the card window just before the owner deleted it; the browser confirms after.
    const payment = await signedPayment(t.app, me.sid, orderId);
    expect((await deleteProduct(t.app, admin, doomed.id)).statusCode).toBe(200);

    const res = await cartDetail(t.app, me.sid, payment);

    await expectRefundDue(res, orderId, payment.razorpay_payment_id, me.id, kept.id);
    const { due } = await refundQueue();
    expect(due.find((d) => d.paymentId === payment.razorpay_payment_id)).toMatchObject({
      buyerEmail: me.user.email,
    });
  });

  it('leaves the checkouts holding other products alone', async () => {
    const doomed = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const other = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const buyer = await customer(t.app);
    await addToCart(t.app, buyer.sid, other.id, 2);
    const { id: orderId } = await startCheckout(t.app, buyer.sid);

    expect((await deleteProduct(t.app, admin, doomed.id)).statusCode).toBe(200);

    expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({ status: 'pending' });
    expect(await stockOf(t.app.ctx.db, other.id)).toBe(3);
    const payment = await signedPayment(t.app, buyer.sid, orderId);
    expect((await cartDetail(t.app, buyer.sid, payment)).statusCode).toBe(200);
    expect(await stockOf(t.app.ctx.db, other.id)).toBe(3);
  });

  it('refunds a checkout still pending when its product went in the same moment, giving its other lines back', async () => {
    const { me, doomed, kept, orderId } = await holding();
    const payment = await signedPayment(t.app, me.sid, orderId);
    // The delete ends the holds it sees: one started while it ran is still pending afterwards.
    await t.app.ctx.db.deleteFrom('products').where('id', '=', doomed.id).execute();

    const res = await cartDetail(t.app, me.sid, payment);

    await expectRefundDue(res, orderId, payment.razorpay_payment_id, me.id, kept.id);
  });

  it("sells the customer's other products in a new checkout afterwards", async () => {
    const { me, doomed, kept } = await holding();
    expect((await deleteProduct(t.app, admin, doomed.id)).statusCode).toBe(200);

    const { orders } = await buyCart(t.app, me.sid);

    expect(orders.map((o) => [o.orderItem.productId, o.orderItem.quantity])).toEqual([[kept.id, 1]]);
    expect(await stockOf(t.app.ctx.db, kept.id)).toBe(3);
  });
});
