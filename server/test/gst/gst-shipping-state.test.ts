import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, cartDetail, customer, signedPayment, validShipping } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { taxedProduct, turnGstOn } from '../helpers/gst.js';
import { flowingText, pdfText } from '../helpers/pdf.js';

/**
 * The spec's client sends no shipping form with orderCreate and sends it, its
 * state typed as free text, with cartDetail after paying: the state is read
 * for the place of supply then, and a paid checkout is never refused for it.
 */
describe(`GST: the shipping state sent with cartDetail (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
    await turnGstOn(t.app, admin.sid);
  });
  afterAll(() => t.close());

  /** A customer buys a ₹1,180 lamp at 18 %, the shipping form only with cartDetail. */
  async function paidWithState(state: string) {
    const lamp = await taxedProduct(t.app, 1180_00, 18);
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, lamp.id, 1);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment/orderCreate',
      cookies: { sid: me.sid },
      payload: { key: 'rzp_test_client', amount: 1, currency: 'INR', payment_capture: 1 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const payment = await signedPayment(t.app, me.sid, (created.json() as { id: string }).id);
    const paid = await cartDetail(t.app, me.sid, { ...payment, data: validShipping({ state }) });
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = (paid.json() as { data: { _id: string }[] }).data;
    const row = await t.app.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order!._id)
      .executeTakeFirstOrThrow();
    const invoice = await t.app.ctx.db
      .selectFrom('tax_documents')
      .selectAll()
      .where('subject', '=', `invoice:${row.checkout_id}`)
      .executeTakeFirstOrThrow();
    const pdf = await call(t.app, 'GET', `/api/admin/orders/${order!._id}/invoice.pdf`, admin.sid);
    expect(pdf.statusCode).toBe(200);
    return { row, invoice, text: flowingText((await pdfText(pdf.rawPayload)).items) };
  }

  it.each([
    ['Orissa', '21', 'Odisha'],
    ['pondicherry', '34', 'Puducherry'],
    ['Uttaranchal', '05', 'Uttarakhand'],
  ])('reads %s, an old name, as state %s: IGST, placed there', async (state, code, name) => {
    const { row, invoice, text } = await paidWithState(state);
    expect(invoice).toMatchObject({ place_of_supply_code: code, intra_state: 0 });
    expect(row).toMatchObject({ state, cgst_paise: 0, sgst_paise: 0 });
    expect(Number(row.igst_paise)).toBe(180_00);
    expect(text).toContain(`Place of supply: ${name} (${code})`);
    expect(text).not.toContain('Shipping state as written');
  });

  it.each(['New Delhi', 'NCT of Delhi'])('reads %s as Delhi (07)', async (state) => {
    const { invoice } = await paidWithState(state);
    expect(invoice).toMatchObject({ place_of_supply_code: '07', intra_state: 0 });
  });

  it("reads the seller's own state in another spelling as a sale within the state", async () => {
    const { invoice } = await paidWithState('  MAHARASHTRA ');
    expect(invoice).toMatchObject({ place_of_supply_code: '27', intra_state: 1 });
  });

  it("a state nobody can read is still sold, placed in the seller's state, the invoice showing the text as written", async () => {
    const { row, invoice, text } = await paidWithState('Bombay Presidency');
    expect(row.state).toBe('Bombay Presidency');
    expect(invoice).toMatchObject({ place_of_supply_code: '27', intra_state: 1 });
    expect([Number(row.cgst_paise), Number(row.sgst_paise), Number(row.igst_paise)]).toEqual([
      90_00, 90_00, 0,
    ]);
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain(
      'Shipping state as written: "Bombay Presidency", not read as a state: the seller\'s state is the place of supply',
    );
  });
});
