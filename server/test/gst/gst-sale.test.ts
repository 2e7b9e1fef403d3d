import { gstMessages, messages, type Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, call, loginAsAdmin, validProduct } from '../helpers/admin.js';
import { createTestApp, messageOf, type TestApp } from '../helpers/app.js';
import { addToCart, customer, orderCreate, orderRows, validShipping } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { outbox } from '../helpers/mail.js';
import { createProduct } from '../helpers/products.js';
import { sale, sellerSettings, taxedProduct } from '../helpers/gst.js';

describe(`GST off: an unregistered seller's shop is unchanged (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sells without tax, invoice or state list, and offers no invoice', async () => {
    const product = await createProduct(t.app.ctx.db, { price_paise: 500_00 });
    const { me, orders } = await sale(t.app, [[product, 1]], 'Somewhere Else');
    expect(orders[0]!.taxDocuments).toBeNull();
    const [row] = await orderRows(t.app.ctx.db, me.id);
    expect(row).toMatchObject({ taxable_paise: null, cgst_paise: null, igst_paise: null });
    const pdf = await call(t.app, 'GET', `/api/user/orders/${orders[0]!._id}/invoice.pdf`, me.sid);
    expect(pdf.statusCode).toBe(404);
    expect(messageOf(pdf)).toBe(gstMessages.invoiceNotFound);
  });
});

describe(`GST on: settings, product tax, tax on every order line (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  it('the settings refuse a GSTIN with a wrong check character, and one of another state', async () => {
    const wrong = await call(
      t.app,
      'PUT',
      '/api/admin/gst',
      admin.sid,
      sellerSettings({ gstin: '27AAPFU0939F1ZW' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(messageOf(wrong)).toBe(gstMessages.gstinInvalid);
    const elsewhere = await call(
      t.app,
      'PUT',
      '/api/admin/gst',
      admin.sid,
      sellerSettings({ stateCode: '29' }),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(messageOf(elsewhere)).toBe(gstMessages.gstinStateMismatch);
    const off = await call(t.app, 'GET', '/api/admin/gst', admin.sid);
    expect(off.json()).toMatchObject({ enabled: false });
  });

  it('only an admin reads or changes the settings', async () => {
    const shopper = await customer(t.app);
    expect((await call(t.app, 'GET', '/api/admin/gst', shopper.sid)).statusCode).toBe(403);
    const put = await call(t.app, 'PUT', '/api/admin/gst', shopper.sid, sellerSettings());
    expect(put.statusCode).toBe(403);
  });

  it('saves the seller and turns GST on', async () => {
    const res = await call(
      t.app,
      'PUT',
      '/api/admin/gst',
      admin.sid,
      sellerSettings({ gstin: '27aapfu0939f1zv' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: gstMessages.settingsSaved });
    const read = await call(t.app, 'GET', '/api/admin/gst', admin.sid);
    expect(read.json()).toEqual(sellerSettings());
  });

  it('a product takes an HSN code of 4, 6 or 8 digits and a rate of 0, 5, 12, 18 or 28 %', async () => {
    const bad = await addProduct(t.app, admin.sid, validProduct({ hsnCode: '12345', gstRate: 18 }));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toBe(gstMessages.hsnInvalid);
    const badRate = await addProduct(t.app, admin.sid, validProduct({ hsnCode: '8513', gstRate: 15 }));
    expect(badRate.statusCode).toBe(400);
    expect(messageOf(badRate)).toBe(gstMessages.gstRateInvalid);
    const good = await addProduct(t.app, admin.sid, validProduct({ hsnCode: '85131010', gstRate: 18 }));
    expect(good.statusCode, good.body).toBe(201);
    const listed = await call(t.app, 'GET', '/api/getAllProducts', admin.sid);
    const mine = (listed.json() as { name: string; hsnCode: string; gstRate: number }[]).find(
      (p) => p.hsnCode === '85131010',
    );
    expect(mine).toMatchObject({ gstRate: 18 });
  });

  it('a checkout with a product that has no HSN code or rate is refused before payment', async () => {
    const untaxed = await createProduct(t.app.ctx.db, { name: 'Untaxed Lamp' });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, untaxed.id, 1);
    const res = await orderCreate(t.app, me.sid, validShipping());
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(gstMessages.productTaxMissing('Untaxed Lamp'));
  });

  it('a shipping state that is not one of the list is refused', async () => {
    const product = await taxedProduct(t.app, 100_00, 5);
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    const res = await orderCreate(t.app, me.sid, validShipping({ state: 'Atlantis' }));
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(gstMessages.stateRequired);
  });

  it('within the state: CGST and SGST per line, stored with the order, adding up to what was paid', async () => {
    const lamp = await taxedProduct(t.app, 1180_00, 18);
    const shirt = await taxedProduct(t.app, 333_33, 5, '6205');
    const { me, orders } = await sale(t.app, [
      [lamp, 1],
      [shirt, 3],
    ]);
    const rows = await orderRows(t.app.ctx.db, me.id);
    const byProduct = new Map(rows.map((r) => [r.product_id, r]));
    expect(byProduct.get(lamp.id)).toMatchObject({
      hsn_code: '85131010',
      gst_rate: 18,
      taxable_paise: 1000_00,
      cgst_paise: 90_00,
      sgst_paise: 90_00,
      igst_paise: 0,
    });
    // 999.99 / 1.05 = 952.37; tax 47.62 halves to 23.81 each.
    expect(byProduct.get(shirt.id)).toMatchObject({
      gst_rate: 5,
      taxable_paise: 952_37,
      cgst_paise: 23_81,
      sgst_paise: 23_81,
    });
    for (const r of rows) {
      expect(Number(r.taxable_paise) + Number(r.cgst_paise) + Number(r.sgst_paise)).toBe(
        Number(r.amount_paise),
      );
    }
    const invoice = orders[0]!.taxDocuments!.invoice;
    expect(invoice).toMatch(/^SHOP\/\d{4}\/\d{5}$/);
    expect(orders.every((o: Order) => o.taxDocuments?.invoice === invoice)).toBe(true);
    const doc = await t.app.ctx.db
      .selectFrom('tax_documents')
      .selectAll()
      .where('number', '=', invoice)
      .executeTakeFirstOrThrow();
    expect(Number(doc.total_paise)).toBe(1180_00 + 999_99);
    expect(Number(doc.taxable_paise) + Number(doc.cgst_paise) + Number(doc.sgst_paise)).toBe(
      1180_00 + 999_99,
    );
    expect(doc.place_of_supply_code).toBe('27');
  });

  it('to another state: IGST only, place of supply the shipping state', async () => {
    const lamp = await taxedProduct(t.app, 1180_00, 28);
    const { me } = await sale(t.app, [[lamp, 2]], 'Karnataka');
    const [row] = await orderRows(t.app.ctx.db, me.id);
    // 2360 / 1.28 = 1843.75
    expect(row).toMatchObject({ taxable_paise: 1843_75, igst_paise: 516_25, cgst_paise: 0, sgst_paise: 0 });
    const doc = await t.app.ctx.db
      .selectFrom('tax_documents')
      .select(['place_of_supply_code', 'intra_state'])
      .where('checkout_id', '=', row!.checkout_id)
      .executeTakeFirstOrThrow();
    expect(doc).toEqual({ place_of_supply_code: '29', intra_state: 0 });
  });

  it("a later rate change leaves a past order's tax as it was", async () => {
    const lamp = await taxedProduct(t.app, 500_00, 12);
    const { me } = await sale(t.app, [[lamp, 1]]);
    await t.app.ctx.db.updateTable('products').set({ gst_rate: 28 }).where('id', '=', lamp.id).execute();
    const [row] = await orderRows(t.app.ctx.db, me.id);
    expect(row).toMatchObject({ gst_rate: 12, taxable_paise: 446_43 });
  });

  it('the customer and the owner get the invoice PDF; nobody else does', async () => {
    const lamp = await taxedProduct(t.app, 250_00, 18);
    const { me, orders } = await sale(t.app, [[lamp, 1]]);
    const id = orders[0]!._id;
    const mine = await call(t.app, 'GET', `/api/user/orders/${id}/invoice.pdf`, me.sid);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const owners = await call(t.app, 'GET', `/api/admin/orders/${id}/invoice.pdf`, admin.sid);
    expect(owners.statusCode).toBe(200);
    const stranger = await customer(t.app);
    const theirs = await call(t.app, 'GET', `/api/user/orders/${id}/invoice.pdf`, stranger.sid);
    expect(theirs.statusCode).toBe(404);
    expect(messageOf(theirs)).toBe(messages.orderNotFound);
    expect((await call(t.app, 'GET', `/api/admin/orders/${id}/invoice.pdf`, stranger.sid)).statusCode).toBe(
      403,
    );
  });

  it('the confirmation mail carries the invoice PDF', async () => {
    const lamp = await taxedProduct(t.app, 99_00, 18);
    const { me, orders } = await sale(t.app, [[lamp, 1]]);
    const number = orders[0]!.taxDocuments!.invoice;
    const mails = [...(await outbox(t)).values()].filter(
      (m) => m.includes(`To: ${me.user.email}`) && m.includes('Your order is placed'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Content-Type: application/pdf');
    expect(mails[0]).toContain(`Invoice-${number.replace(/\//g, '-')}.pdf`);
  });

  it('a cancelled order gets a credit note in its own series, referring to the invoice', async () => {
    const lamp = await taxedProduct(t.app, 1180_00, 18);
    const { me, orders } = await sale(t.app, [[lamp, 1]], 'Delhi');
    const order = orders[0]!;
    const res = await call(t.app, 'POST', `/api/admin/orders/${order._id}/cancel`, admin.sid, {
      reason: 'no stock',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (res.json() as { order: Order }).order;
    const creditNote = after.taxDocuments?.creditNote;
    expect(creditNote).toMatch(/^SHOPC\/\d{4}\/\d{5}$/);
    expect(after.taxDocuments).toEqual({
      invoice: order.taxDocuments!.invoice,
      creditNote,
      creditNotes: [creditNote],
    });
    const note = await t.app.ctx.db
      .selectFrom('tax_documents as c')
      .innerJoin('tax_documents as i', 'i.id', 'c.invoice_id')
      .select(['c.total_paise', 'c.taxable_paise', 'c.igst_paise', 'i.number'])
      .where('c.order_id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ number: order.taxDocuments!.invoice });
    expect([Number(note.total_paise), Number(note.taxable_paise), Number(note.igst_paise)]).toEqual([
      1180_00, 1000_00, 180_00,
    ]);
    const pdf = await call(t.app, 'GET', `/api/user/orders/${order._id}/credit-note.pdf`, me.sid);
    expect(pdf.statusCode).toBe(200);
    // Cancelling again is no change, and no second credit note.
    await call(t.app, 'POST', `/api/admin/orders/${order._id}/cancel`, admin.sid, { reason: 'again' });
    const notes = await t.app.ctx.db
      .selectFrom('tax_documents')
      .select('id')
      .where('order_id', '=', order._id)
      .execute();
    expect(notes).toHaveLength(1);
  });
});
