import { parse } from 'csv-parse/sync';
import type { AdminOrderDetail, Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderRefusal } from '../../src/modules/payments/provider.js';
import { lineTax } from '../../src/modules/gst/tax.js';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { sale, taxedProduct, turnGstOn } from '../helpers/gst.js';
import { pdfText } from '../helpers/pdf.js';
import { createProduct } from '../helpers/products.js';

/** The tax columns the invoice line and its credit notes are compared by. */
const COLUMNS = ['total_paise', 'taxable_paise', 'cgst_paise', 'sgst_paise', 'igst_paise'] as const;
type Tax = Record<(typeof COLUMNS)[number], number>;

describe(`every refund of an invoiced order gets a credit note for exactly its money (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    // 15 June 2026 in India: the report's month is 2026-06 for every document here.
    t.clock.freeze();
    t.clock.advance(new Date('2026-06-15T06:00:00Z').getTime() - t.clock.now().getTime());
    admin = await loginAsAdmin(t.app);
    await turnGstOn(t.app, admin.sid);
  });
  afterAll(() => t.close());

  const act = (orderId: string, action: string, body: object = {}) =>
    call(t.app, 'POST', `/api/admin/orders/${orderId}/${action}`, admin.sid, body);
  const refund = (orderId: string, rupees?: number) =>
    act(orderId, 'refund', rupees === undefined ? {} : { amount: rupees });
  const detail = async (orderId: string) =>
    (await call(t.app, 'GET', `/api/admin/orders/${orderId}`, admin.sid)).json() as AdminOrderDetail;

  /** The order line's tax as invoiced. */
  async function invoiced(orderId: string): Promise<Tax> {
    const row = await t.app.ctx.db
      .selectFrom('orders')
      .select(['amount_paise', 'taxable_paise', 'cgst_paise', 'sgst_paise', 'igst_paise'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return {
      total_paise: Number(row.amount_paise),
      taxable_paise: Number(row.taxable_paise),
      cgst_paise: Number(row.cgst_paise),
      sgst_paise: Number(row.sgst_paise),
      igst_paise: Number(row.igst_paise),
    };
  }
  /** The order's credit notes in the order issued, each pointing at its sale's invoice. */
  async function creditNotes(orderId: string) {
    const rows = await t.app.ctx.db
      .selectFrom('tax_documents as c')
      .innerJoin('tax_documents as i', 'i.id', 'c.invoice_id')
      .select(['c.number', 'i.kind as invoice_kind', ...COLUMNS.map((c) => `c.${c}` as const)])
      .where('c.order_id', '=', orderId)
      .where('c.kind', '=', 'credit_note')
      .orderBy('c.sequence')
      .execute();
    for (const row of rows) expect(row.invoice_kind).toBe('invoice');
    return rows.map((r) => ({
      number: r.number,
      ...(Object.fromEntries(COLUMNS.map((c) => [c, Number(r[c])])) as Tax),
    }));
  }
  const sumOf = (notes: Tax[]): Tax =>
    Object.fromEntries(COLUMNS.map((c) => [c, notes.reduce((s, n) => s + n[c], 0)])) as Tax;
  /** Refunds not failed, in paise, in the order made. */
  const refundsOf = async (orderId: string) =>
    (await detail(orderId)).refunds
      .filter((r) => r.status !== 'failed')
      .map((r) => Math.round(r.amount * 100))
      .sort((a, b) => a - b);
  const report = async (section: string) => {
    const res = await call(t.app, 'GET', `/api/admin/gst/report?month=2026-06&section=${section}`, admin.sid);
    expect(res.statusCode, res.body).toBe(200);
    return parse(res.body, { columns: true }) as Record<string, string>[];
  };

  it('a partial refund by the owner issues a credit note for that amount, split at the line rate, netted in the report', async () => {
    const lamp = await taxedProduct(t.app, 2599_00, 18, '94052010');
    const { me, orders } = await sale(t.app, [[lamp, 1]], 'Maharashtra');
    const order = orders[0]!;
    const res = await refund(order._id, 599);
    expect(res.statusCode, res.body).toBe(200);

    // 599 / 1.18 = 507.63 taxable; 91.37 tax, the odd paisa to CGST.
    const [note, ...more] = await creditNotes(order._id);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      number: expect.stringMatching(/^SHOPC\/2627\/\d{5}$/),
      total_paise: 599_00,
      taxable_paise: 507_63,
      cgst_paise: 45_69,
      sgst_paise: 45_68,
      igst_paise: 0,
    });
    const after = (res.json() as { order: Order }).order;
    expect(after.taxDocuments).toEqual({
      invoice: order.taxDocuments!.invoice,
      creditNote: note!.number,
      creditNotes: [note!.number],
    });
    const pdf = await call(t.app, 'GET', `/api/user/orders/${order._id}/credit-note.pdf`, me.sid);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(
      `Credit-note-${note!.number.replace(/\//g, '-')}.pdf`,
    );
    // The PDF's line and totals are the credit note's own value, not the whole line's, and it
    // gives no goods back: its quantity is a dash.
    const { items } = await pdfText(pdf.rawPayload);
    expect(items.join('\n')).toContain('Total credited: ₹599.00');
    expect(items).toContain('₹507.63');
    expect(items).not.toContain('₹2,202.54');
    expect(items).toContain('—');

    const line = await invoiced(order._id);
    const documents = await report('documents');
    expect(documents.find((d) => d.Number === note!.number)).toMatchObject({
      Document: 'Credit note',
      'Against invoice': order.taxDocuments!.invoice,
      Value: '599.00',
      'Taxable Value': '507.63',
      'Central Tax': '45.69',
      'State/UT Tax': '45.68',
    });
    // This sale is the only one at 18 % to Maharashtra here: B2CS is it less the credit note.
    const b2cs = await report('b2cs');
    expect(b2cs.find((r) => r['Place Of Supply'] === '27-Maharashtra' && r.Rate === '18')).toMatchObject({
      'Taxable Value': ((line.taxable_paise - 507_63) / 100).toFixed(2),
    });
    // The goods were kept: the HSN summary keeps the quantity and takes the credit off the value.
    const hsn = await report('hsn');
    expect(hsn.find((r) => r.HSN === '94052010')).toMatchObject({
      'Total Quantity': '1',
      'Total Value': '2000.00',
      'Taxable Value': ((line.taxable_paise - 507_63) / 100).toFixed(2),
      'Central Tax Amount': ((line.cgst_paise - 45_69) / 100).toFixed(2),
      'State/UT Tax Amount': ((line.sgst_paise - 45_68) / 100).toFixed(2),
    });
  });

  it('two partial refunds then a cancel credit exactly the invoice line, to the paisa, all downloadable', async () => {
    // 3 x ₹333.33 at 5 %, within the state: odd paise in every column.
    const shirt = await taxedProduct(t.app, 333_33, 5, '62052000');
    const { me, orders } = await sale(t.app, [[shirt, 3]], 'Maharashtra');
    const order = orders[0]!;
    expect((await refund(order._id, 100.01)).statusCode).toBe(200);
    expect((await refund(order._id, 250.55)).statusCode).toBe(200);
    const cancelled = await act(order._id, 'cancel', { reason: 'customer changed their mind' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    expect(await refundsOf(order._id)).toEqual([100_01, 250_55, 999_99 - 100_01 - 250_55]);
    const notes = await creditNotes(order._id);
    expect(notes.map((n) => n.total_paise)).toEqual([100_01, 250_55, 649_43]);
    const first = lineTax(100_01, 5, true);
    expect(notes[0]).toMatchObject({
      taxable_paise: first.taxablePaise,
      cgst_paise: first.cgstPaise,
      sgst_paise: first.sgstPaise,
    });
    expect(sumOf(notes)).toEqual(await invoiced(order._id));

    // Each credit note is a link on the order, and each link answers its own PDF.
    const listed = (cancelled.json() as { order: Order }).order.taxDocuments!;
    expect(listed.creditNotes).toEqual(notes.map((n) => n.number));
    expect(listed.creditNote).toBe(notes[0]!.number);
    for (const [i, note] of notes.entries()) {
      for (const [base, sid] of [
        [`/api/user/orders/${order._id}`, me.sid],
        [`/api/admin/orders/${order._id}`, admin.sid],
      ] as const) {
        const pdf = await call(t.app, 'GET', `${base}/credit-note.pdf?n=${i + 1}`, sid);
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers['content-disposition']).toContain(note.number.replace(/\//g, '-'));
        // Only the last, which completes the line's credit, gives the 3 shirts back.
        expect((await pdfText(pdf.rawPayload)).items.includes('—')).toBe(i < 2);
      }
    }
    expect(
      (await call(t.app, 'GET', `/api/user/orders/${order._id}/credit-note.pdf?n=4`, me.sid)).statusCode,
    ).toBe(404);

    // Fully credited: the HSN summary nets the line to nothing, quantity too.
    const hsn = await report('hsn');
    expect(hsn.find((r) => r.HSN === '62052000')).toMatchObject({
      'Total Quantity': '0',
      'Total Value': '0.00',
      'Taxable Value': '0.00',
      'Central Tax Amount': '0.00',
      'State/UT Tax Amount': '0.00',
    });
  });

  it('a cancel after a full refund in parts issues none: nothing is left to refund or credit', async () => {
    const kettle = await taxedProduct(t.app, 1499_00, 12, '85167100');
    const { orders } = await sale(t.app, [[kettle, 1]], 'Karnataka');
    const order = orders[0]!;
    expect((await refund(order._id, 499)).statusCode).toBe(200);
    expect((await refund(order._id)).statusCode).toBe(200);
    expect((await act(order._id, 'cancel', { reason: 'lost in transit' })).statusCode).toBe(200);
    const notes = await creditNotes(order._id);
    expect(notes.map((n) => n.total_paise)).toEqual([499_00, 1000_00]);
    expect(sumOf(notes)).toEqual(await invoiced(order._id));
    expect(notes.every((n) => n.cgst_paise === 0 && n.sgst_paise === 0)).toBe(true);
  });

  it('a partial refund of a large inter-state sale is a CDNUR credit note of its own value', async () => {
    const tv = await taxedProduct(t.app, 1_50_000_00, 28, '85287219');
    const { orders } = await sale(t.app, [[tv, 1]], 'Tamil Nadu');
    expect((await refund(orders[0]!._id, 10_000)).statusCode).toBe(200);
    const [note] = await creditNotes(orders[0]!._id);
    // 10,000 / 1.28 = 7,812.50
    expect(note).toMatchObject({ total_paise: 10_000_00, taxable_paise: 7_812_50, igst_paise: 2_187_50 });
    const cdnur = await report('cdnur');
    expect(cdnur.find((r) => r['Note Number'] === note!.number)).toMatchObject({
      'UR Type': 'B2CL',
      'Note Value': '10000.00',
      'Taxable Value': '7812.50',
      Rate: '28',
    });
  });

  it('a refused refund keeps its one credit note: its retry, and refunding the same again, issue none', async () => {
    const chair = await taxedProduct(t.app, 4000_00, 18, '94017100');
    const { orders } = await sale(t.app, [[chair, 1]], 'Gujarat');
    const order = orders[0]!;
    const payments = t.app.ctx.payments;
    const original = payments.refund.bind(payments);
    payments.refund = () => Promise.reject(new PaymentProviderRefusal('The payment is under dispute'));
    try {
      expect((await refund(order._id, 1000)).statusCode).toBe(200);
    } finally {
      payments.refund = original;
    }
    const [failed] = (await detail(order._id)).refunds;
    expect(failed).toMatchObject({ status: 'failed', amount: 1000 });
    expect((await creditNotes(order._id)).map((n) => n.total_paise)).toEqual([1000_00]);

    const retry = await call(t.app, 'POST', `/api/admin/refunds/${failed!._id}/retry`, admin.sid);
    expect(retry.json()).toMatchObject({ status: 'processed', amount: 1000 });
    expect((await creditNotes(order._id)).map((n) => n.total_paise)).toEqual([1000_00]);

    // The rest, refunded by the owner: credited once, the whole invoice line in the end.
    expect((await refund(order._id)).statusCode).toBe(200);
    const notes = await creditNotes(order._id);
    expect(notes.map((n) => n.total_paise)).toEqual([1000_00, 3000_00]);
    expect(sumOf(notes)).toEqual(await invoiced(order._id));
    expect(await refundsOf(order._id)).toEqual([1000_00, 3000_00]);
  });

  it('two refunds at once take the money once and credit it once', async () => {
    const lamp = await taxedProduct(t.app, 1000_00, 18, '94052090');
    const { orders } = await sale(t.app, [[lamp, 1]], 'Kerala');
    const order = orders[0]!;
    const answers = await Promise.all([refund(order._id, 600), refund(order._id, 600)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await creditNotes(order._id)).map((n) => n.total_paise)).toEqual([600_00]);
  });

  it('after a partial refund, a cancel and two refunds at once: one credit note per refund, adding up to the invoice', async () => {
    const lamp = await taxedProduct(t.app, 777_77, 28, '94052099');
    const { orders } = await sale(t.app, [[lamp, 1]], 'Maharashtra');
    const order = orders[0]!;
    expect((await refund(order._id, 77.77)).statusCode).toBe(200);
    await Promise.all([
      refund(order._id, 300),
      act(order._id, 'cancel', { reason: 'out of stock' }),
      refund(order._id, 300),
    ]);
    const notes = await creditNotes(order._id);
    expect(notes.map((n) => n.total_paise).sort((a, b) => a - b)).toEqual(await refundsOf(order._id));
    expect(sumOf(notes)).toEqual(await invoiced(order._id));
  });
});

describe(`a refund of a sale made with GST off issues no credit note (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  it('none for the sale before GST was turned on, even after; one for the sale after', async () => {
    const untaxed = await createProduct(t.app.ctx.db, { price_paise: 800_00 });
    const before = (await sale(t.app, [[untaxed, 1]], 'Anywhere')).orders[0]!;
    const refundOf = (orderId: string, amount: number) =>
      call(t.app, 'POST', `/api/admin/orders/${orderId}/refund`, admin.sid, { amount });
    expect((await refundOf(before._id, 100)).statusCode).toBe(200);

    await turnGstOn(t.app, admin.sid);
    expect((await refundOf(before._id, 100)).statusCode).toBe(200);
    const taxed = await taxedProduct(t.app, 800_00, 18);
    const after = (await sale(t.app, [[taxed, 1]])).orders[0]!;
    const res = await refundOf(after._id, 100);
    expect(res.statusCode).toBe(200);

    const notes = await t.app.ctx.db
      .selectFrom('tax_documents')
      .select(['order_id', 'total_paise'])
      .where('kind', '=', 'credit_note')
      .execute();
    expect(notes.map((n) => [n.order_id, Number(n.total_paise)])).toEqual([[after._id, 100_00]]);
    const detail = await call(t.app, 'GET', `/api/admin/orders/${before._id}`, admin.sid);
    expect((detail.json() as AdminOrderDetail).order.taxDocuments).toBeNull();
    const pdf = await call(t.app, 'GET', `/api/admin/orders/${before._id}/credit-note.pdf`, admin.sid);
    expect(pdf.statusCode).toBe(404);
  });
});
