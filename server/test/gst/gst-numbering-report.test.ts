import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, messageOf, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer, validShipping } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { sale, taxedProduct, turnGstOn } from '../helpers/gst.js';
import { gstMessages } from '@shop/shared';
import { nextSequence } from '../../src/modules/gst/numbering.js';

const sequenceOf = (number: string) => Number(number.slice(number.lastIndexOf('/') + 1));

describe(`invoice numbers per financial year, and the GST report (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  const moveClockTo = (iso: string) => {
    t.clock.freeze();
    t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());
  };
  beforeAll(async () => {
    t = await createTestApp();
    // 31 March 2027, 23:40 in India.
    moveClockTo('2027-03-31T18:10:00Z');
    admin = await loginAsAdmin(t.app);
    await turnGstOn(t.app, admin.sid);
  });
  afterAll(() => t.close());
  const report = async (month: string, section: string) => {
    const res = await call(
      t.app,
      'GET',
      `/api/admin/gst/report?month=${month}&section=${section}`,
      admin.sid,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return parse(res.body, { columns: true }) as Record<string, string>[];
  };

  it('numbers run on across 31 March and start again at 1 on 1 April (IST)', async () => {
    const lamp = await taxedProduct(t.app, 118_00, 18);
    const march = [await sale(t.app, [[lamp, 1]]), await sale(t.app, [[lamp, 1]])];
    expect(march.map((s) => s.orders[0]!.taxDocuments!.invoice)).toEqual([
      'SHOP/2627/00001',
      'SHOP/2627/00002',
    ]);
    // 00:05 on 1 April in India is still 31 March in UTC.
    moveClockTo('2027-03-31T18:35:00Z');
    const april = [await sale(t.app, [[lamp, 1]]), await sale(t.app, [[lamp, 2]], 'Gujarat')];
    expect(april.map((s) => s.orders[0]!.taxDocuments!.invoice)).toEqual([
      'SHOP/2728/00001',
      'SHOP/2728/00002',
    ]);
    const dates = await t.app.ctx.db
      .selectFrom('tax_documents')
      .select(['number', 'issue_date'])
      .orderBy('issued_at')
      .execute();
    expect(dates.map((d) => d.issue_date)).toEqual(['2027-03-31', '2027-03-31', '2027-04-01', '2027-04-01']);
  });

  it('invoices made at the same moment get consecutive numbers, none twice, none skipped', async () => {
    const lamp = await taxedProduct(t.app, 59_00, 18);
    const buyers = [];
    for (let i = 0; i < 8; i++) {
      const me = await customer(t.app);
      await addToCart(t.app, me.sid, lamp.id, 1);
      buyers.push(me);
    }
    const sales = await Promise.all(buyers.map((me) => buyCart(t.app, me.sid, validShipping())));
    const numbers = sales.map((s) => sequenceOf(s.orders[0]!.taxDocuments!.invoice)).sort((a, b) => a - b);
    expect(numbers).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('a number taken by a transaction that rolls back is given again: no gap', async () => {
    const db = t.app.ctx.db;
    const taken: number[] = [];
    const attempts = Array.from({ length: 6 }, (_, i) =>
      db
        .transaction()
        .execute(async (trx) => {
          const n = await nextSequence(trx, 'invoice', '2030-31');
          // Held a moment, so the others queue behind the lock (PostgreSQL) or the writer (SQLite).
          await new Promise((resolve) => setTimeout(resolve, 20));
          if (i === 2) throw new Error('payment step failed');
          taken.push(n);
        })
        .catch(() => undefined),
    );
    await Promise.all(attempts);
    expect(taken.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });

  it("April's report: every document, B2C small by state and rate, HSN summary, totals equal to the orders'", async () => {
    // A large inter-state sale (over ₹1,00,000) and its credit note: B2CL and CDNUR.
    const tv = await taxedProduct(t.app, 1_18_000_00, 28, '852872');
    const big = await sale(t.app, [[tv, 1]], 'Tamil Nadu');
    const cancelled = await call(t.app, 'POST', `/api/admin/orders/${big.orders[0]!._id}/cancel`, admin.sid, {
      reason: 'customer asked',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const orders = await t.app.ctx.db
      .selectFrom('orders')
      .innerJoin('tax_documents', 'tax_documents.checkout_id', 'orders.checkout_id')
      .select([
        'orders.id',
        'orders.taxable_paise',
        'orders.cgst_paise',
        'orders.sgst_paise',
        'orders.igst_paise',
      ])
      .where('tax_documents.kind', '=', 'invoice')
      .where('tax_documents.issue_date', '>=', '2027-04-01')
      .execute();
    const sum = (pick: (o: (typeof orders)[number]) => number | null) =>
      orders.reduce((s, o) => s + Number(pick(o) ?? 0), 0);
    const bigTaxable = 92_187_50; // 1,18,000 / 1.28

    const documents = await report('2027-04', 'documents');
    const invoices = documents.filter((d) => d.Document === 'Invoice');
    const money = (rows: Record<string, string>[], column: string) =>
      Math.round(rows.reduce((s, r) => s + Number(r[column]) * 100, 0));
    expect(new Set(invoices.map((d) => d.Number)).size).toBe(orders.length);
    expect(money(invoices, 'Taxable Value')).toBe(sum((o) => o.taxable_paise));
    expect(money(invoices, 'Central Tax')).toBe(sum((o) => o.cgst_paise));
    expect(money(invoices, 'State/UT Tax')).toBe(sum((o) => o.sgst_paise));
    expect(money(invoices, 'Integrated Tax')).toBe(sum((o) => o.igst_paise));
    const notes = documents.filter((d) => d.Document === 'Credit note');
    expect(notes).toEqual([
      expect.objectContaining({
        Number: 'SHOPC/2728/00001',
        'Against invoice': big.orders[0]!.taxDocuments!.invoice,
        'Place Of Supply': '33-Tamil Nadu',
        'Taxable Value': '92187.50',
      }),
    ]);

    const b2cl = await report('2027-04', 'b2cl');
    expect(b2cl).toEqual([
      expect.objectContaining({
        'Invoice Number': big.orders[0]!.taxDocuments!.invoice,
        'Invoice date': '01-Apr-2027',
        'Invoice Value': '118000.00',
        'Place Of Supply': '33-Tamil Nadu',
        Rate: '28',
        'Taxable Value': '92187.50',
      }),
    ]);
    const cdnur = await report('2027-04', 'cdnur');
    expect(cdnur).toEqual([
      expect.objectContaining({ 'UR Type': 'B2CL', 'Note Number': 'SHOPC/2728/00001' }),
    ]);

    const b2cs = await report('2027-04', 'b2cs');
    expect(money(b2cs, 'Taxable Value')).toBe(sum((o) => o.taxable_paise) - bigTaxable);
    expect(b2cs.map((r) => `${r['Place Of Supply']} ${r.Rate}`)).toEqual([
      '24-Gujarat 18',
      '27-Maharashtra 18',
    ]);

    // The HSN summary is net of credit notes: the cancelled TV nets to nothing.
    const hsn = await report('2027-04', 'hsn');
    expect(money(hsn, 'Taxable Value')).toBe(sum((o) => o.taxable_paise) - bigTaxable);
    expect(hsn.find((r) => r.HSN === '852872')).toMatchObject({
      'Total Quantity': '0',
      'Taxable Value': '0.00',
    });

    const docs = await report('2027-04', 'docs');
    expect(docs).toEqual([
      expect.objectContaining({
        'Nature of Document': 'Invoices for outward supply',
        'Sr. No. From': 'SHOP/2728/00001',
        'Sr. No. To': 'SHOP/2728/00011',
        'Total Number': '11',
      }),
      expect.objectContaining({ 'Nature of Document': 'Credit Note', 'Total Number': '1' }),
    ]);

    // March holds its two invoices only.
    expect(await report('2027-03', 'documents')).toHaveLength(2);
  });

  it('refuses a month or section it does not know', async () => {
    const res = await call(t.app, 'GET', '/api/admin/gst/report?month=2027-13&section=b2cs', admin.sid);
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe(gstMessages.monthInvalid);
  });
});
