import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { shopDay } from '../../lib/shop-time.js';
import { newId } from '../../lib/tokens.js';
import { refundedPaise } from '../refunds/refunded.js';
import { creditTax } from './credit-tax.js';
import type { Seller } from './issue.js';
import { documentNumber, nextSequence } from './numbering.js';
import { financialYear, totalsOf, type TaxTotals } from './tax.js';

/**
 * The subject of an order's nth credit note (from 1). The first keeps the
 * name a whole-order credit note always had, so its download link stays.
 */
export function creditNoteSubject(orderId: string, n: number): string {
  return n === 1 ? `credit:${orderId}` : `credit:${orderId}:${n}`;
}

/**
 * Issues the credit note for whatever of an order's refunds (those not failed)
 * its credit notes do not cover yet, in the transaction that records the
 * refund, which holds the checkout's lock so two refunds of it never credit
 * the same rupees. A refused refund keeps its credit note and its retry is
 * already covered by it. None when the sale had no invoice (GST was off) or
 * nothing is left uncovered; never more than the invoice line.
 */
export async function creditRefunds(trx: Kysely<Database>, orderId: string, at: Date): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select([
      'checkout_id',
      'amount_paise',
      'gst_rate',
      'taxable_paise',
      'cgst_paise',
      'sgst_paise',
      'igst_paise',
    ])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const invoice = await trx
    .selectFrom('tax_documents')
    .select(['id', 'seller', 'place_of_supply_code', 'intra_state'])
    .where('subject', '=', `invoice:${order.checkout_id}`)
    .executeTakeFirst();
  if (!invoice || order.taxable_paise === null) return;
  const refunded = await refundedPaise(trx, 'order_id', orderId);
  const notes = await trx
    .selectFrom('tax_documents')
    .select(['total_paise', 'taxable_paise', 'cgst_paise', 'sgst_paise', 'igst_paise'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'credit_note')
    .execute();
  const line = totalsFrom({ ...order, total_paise: order.amount_paise });
  const credited = totalsOf(notes.map(totalsFrom));
  const due = Math.min(line.amountPaise, refunded) - credited.amountPaise;
  if (due <= 0) return;
  const left: TaxTotals = {
    amountPaise: line.amountPaise - credited.amountPaise,
    taxablePaise: line.taxablePaise - credited.taxablePaise,
    cgstPaise: line.cgstPaise - credited.cgstPaise,
    sgstPaise: line.sgstPaise - credited.sgstPaise,
    igstPaise: line.igstPaise - credited.igstPaise,
  };
  const tax = creditTax(due, order.gst_rate ?? 0, invoice.intra_state === 1, left);
  const seller = JSON.parse(invoice.seller) as Seller;
  const date = shopDay(at);
  const year = financialYear(date);
  const sequence = await nextSequence(trx, 'credit_note', year);
  await trx
    .insertInto('tax_documents')
    .values({
      id: newId(),
      kind: 'credit_note',
      number: documentNumber(seller.invoicePrefix, 'credit_note', year, sequence),
      subject: creditNoteSubject(orderId, notes.length + 1),
      checkout_id: order.checkout_id,
      order_id: orderId,
      invoice_id: invoice.id,
      financial_year: year,
      sequence,
      issued_at: at.toISOString(),
      issue_date: date,
      seller: invoice.seller,
      place_of_supply_code: invoice.place_of_supply_code,
      intra_state: invoice.intra_state,
      taxable_paise: tax.taxablePaise,
      cgst_paise: tax.cgstPaise,
      sgst_paise: tax.sgstPaise,
      igst_paise: tax.igstPaise,
      total_paise: tax.amountPaise,
    })
    .execute();
}

type StoredTax = {
  total_paise: number;
  taxable_paise: number | null;
  cgst_paise: number | null;
  sgst_paise: number | null;
  igst_paise: number | null;
};

/** The tax columns of an order line or a credit note as totals (an order's are null without GST). */
function totalsFrom(row: StoredTax): TaxTotals {
  return {
    amountPaise: Number(row.total_paise),
    taxablePaise: Number(row.taxable_paise ?? 0),
    cgstPaise: Number(row.cgst_paise ?? 0),
    sgstPaise: Number(row.sgst_paise ?? 0),
    igstPaise: Number(row.igst_paise ?? 0),
  };
}

/**
 * A tax document's line as totals: a credit note counts its own value (all of
 * its order line's or part), an invoice the order line's.
 */
export function documentLineTotals(
  creditNote: StoredTax | null,
  line: Omit<StoredTax, 'total_paise'> & { amount_paise: number },
): TaxTotals {
  return totalsFrom(creditNote ?? { ...line, total_paise: line.amount_paise });
}

/**
 * The subjects of the credit notes that complete their order line's credit
 * (the line's last, once its notes add up to the whole line): only those take
 * the line's quantity off the HSN summary, as the goods are then all unsold;
 * a credit note for part of the value takes none.
 */
export async function completingCreditNotes(db: Kysely<Database>, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const notes = await db
    .selectFrom('tax_documents as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .select(['d.order_id', 'd.subject', 'd.total_paise', 'o.amount_paise'])
    .where('d.kind', '=', 'credit_note')
    .where('d.order_id', 'in', orderIds)
    .execute();
  const byOrder = new Map<string, { count: number; credited: number; amount: number }>();
  for (const note of notes) {
    const order = byOrder.get(note.order_id!) ?? { count: 0, credited: 0, amount: Number(note.amount_paise) };
    order.count += 1;
    order.credited += Number(note.total_paise);
    byOrder.set(note.order_id!, order);
  }
  const completing = new Set<string>();
  for (const [orderId, order] of byOrder) {
    if (order.credited === order.amount) completing.add(creditNoteSubject(orderId, order.count));
  }
  return completing;
}
