import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin } from '../helpers/admin.js';
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
  beforeAll(async () => {
    shop = await startRazorpayShop();
    const admin = await loginAsAdmin(shop.t.app);
    await turnGstOn(shop.t.app, admin.sid);
  });
  afterAll(() => shop.close());

  it("is invoiced in the seller's state, then placed where the form says, keeping its number", async () => {
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
        razorpay_payment_id: window.razorpay_payment_id,
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
});
