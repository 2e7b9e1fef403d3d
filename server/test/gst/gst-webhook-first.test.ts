import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { testDbKind } from '../helpers/databases.js';
import { turnGstOn } from '../helpers/gst.js';
import {
  customerWithCart,
  ordersOf,
  postWebhook,
  shippingDetails,
  signedWebhook,
  startRazorpayShop,
  type RazorpayShop,
} from '../helpers/razorpay-flow.js';

describe(`GST when the payment's webhook comes before the shipping form (${testDbKind})`, () => {
  let shop: RazorpayShop;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    shop = await startRazorpayShop();
    admin = await loginAsAdmin(shop.t.app);
    await turnGstOn(shop.t.app, admin.sid);
  });

  /** A customer's checkout of one taxed product, paid, its orders made by the webhook alone. */
  async function paidByWebhook() {
    const { app } = shop.t;
    const me = await customerWithCart(app, [
      { product: { price_paise: 1180_00, count_in_stock: 5, gst_rate: 18, hsn_code: '8513' }, quantity: 1 },
    ]);
    const created = await app.inject({
      method: 'POST',
      url: '/api/payment/orderCreate',
      cookies: { sid: me.sid },
      payload: { key: 'rzp_test_client', amount: 1, currency: 'INR' },
    });
    const { id } = created.json() as { id: string };
    const window = shop.standin.pay(id);
    const hook = signedWebhook({
      event: 'payment.captured',
      orderId: id,
      paymentId: window.razorpay_payment_id,
      amount: 1180_00,
    });
    expect((await postWebhook(app, hook)).statusCode).toBe(200);
    return { me, paymentId: window.razorpay_payment_id };
  }
  afterAll(() => shop.close());

  it("is invoiced in the seller's state, then placed where the form says, keeping its number", async () => {
    const { app } = shop.t;
    const { me, paymentId } = await paidByWebhook();
    const [before] = await ordersOf(app.ctx.db, me.userId);
    expect(before).toMatchObject({ cgst_paise: 90_00, sgst_paise: 90_00, igst_paise: 0 });
    const invoice = await app.ctx.db
      .selectFrom('tax_documents')
      .selectAll()
      .where('checkout_id', '=', before!.checkout_id)
      .executeTakeFirstOrThrow();
    expect(invoice.place_of_supply_code).toBe('27');

    const paid = await app.inject({
      method: 'POST',
      url: '/api/payment/cartDetail',
      cookies: { sid: me.sid },
      payload: {
        razorpay_payment_id: paymentId,
        data: shippingDetails({ state: 'Kerala' }),
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [after] = await ordersOf(app.ctx.db, me.userId);
    expect(after).toMatchObject({ taxable_paise: 1000_00, cgst_paise: 0, sgst_paise: 0, igst_paise: 180_00 });
    const moved = await app.ctx.db
      .selectFrom('tax_documents')
      .selectAll()
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    expect(moved).toMatchObject({ number: invoice.number, place_of_supply_code: '32', intra_state: 0 });
    expect(Number(moved.igst_paise)).toBe(180_00);
  });
  it('keeps the place of supply of an invoice a credit note was issued against, so the two stay in one split', async () => {
    const { app } = shop.t;
    const { me, paymentId } = await paidByWebhook();
    const [order] = await ordersOf(app.ctx.db, me.userId);
    // The owner refunds part before the customer's form arrives.
    const refund = await call(app, 'POST', `/api/admin/orders/${order!.id}/refund`, admin.sid, {
      amount: 118,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const paid = await app.inject({
      method: 'POST',
      url: '/api/payment/cartDetail',
      cookies: { sid: me.sid },
      payload: { razorpay_payment_id: paymentId, data: shippingDetails({ state: 'Kerala' }) },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const documents = await app.ctx.db
      .selectFrom('tax_documents')
      .selectAll()
      .where('checkout_id', '=', order!.checkout_id)
      .orderBy('kind', 'desc')
      .execute();
    expect(documents.map((d) => [d.kind, d.place_of_supply_code, d.intra_state])).toEqual([
      ['invoice', '27', 1],
      ['credit_note', '27', 1],
    ]);
    const [after] = await ordersOf(app.ctx.db, me.userId);
    expect(after).toMatchObject({ cgst_paise: 90_00, sgst_paise: 90_00, igst_paise: 0, state: 'Kerala' });
  });
});
