import { findState, INDIAN_STATES } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Seller } from './issue.js';
import type { TaxTotals } from './tax.js';
import { completingCreditNotes, documentLineTotals } from './credit-note.js';

export type DocumentLine = {
  description: string;
  hsn: string;
  quantity: number;
  unitPricePaise: number;
  taxablePaise: number;
  rate: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

/** A tax invoice or credit note as its PDF shows it, from what was stored when it was issued. */
export type TaxDocumentView = {
  id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  date: string;
  seller: Seller;
  buyer: { name: string; address: string[] };
  placeOfSupply: { code: string; name: string };
  /**
   * The shipping state as the customer wrote it, when it was not read as the
   * place of supply (which is then the seller's state): the document shows it,
   * so the owner sees the sale was placed by that rule.
   */
  unreadShippingState: string | null;
  intraState: boolean;
  lines: DocumentLine[];
  totals: {
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    totalPaise: number;
  };
  /** A credit note's invoice. */
  invoice: { number: string; date: string } | null;
};

/** Totals as a document line shows them. */
const fromTotals = (t: TaxTotals) => ({
  taxablePaise: t.taxablePaise,
  cgstPaise: t.cgstPaise,
  sgstPaise: t.sgstPaise,
  igstPaise: t.igstPaise,
  totalPaise: t.amountPaise,
});

export function stateName(code: string): string {
  return INDIAN_STATES.find((s) => s.code === code)?.name ?? code;
}

export async function loadTaxDocument(db: Kysely<Database>, id: string): Promise<TaxDocumentView | null> {
  const doc = await db.selectFrom('tax_documents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!doc) return null;
  let orders = db.selectFrom('orders').selectAll().where('checkout_id', '=', doc.checkout_id);
  if (doc.order_id) orders = orders.where('id', '=', doc.order_id);
  const rows = await orders.orderBy('product_id').execute();
  // A credit note gives the goods back only when it completes its line's credit (as the report's
  // HSN summary counts them); one for part of the value shows no quantity.
  const goodsBack = doc.order_id ? (await completingCreditNotes(db, [doc.order_id])).has(doc.subject) : true;
  const invoice = doc.invoice_id
    ? await db
        .selectFrom('tax_documents')
        .select(['number', 'issue_date'])
        .where('id', '=', doc.invoice_id)
        .executeTakeFirst()
    : undefined;
  const first = rows[0];
  return {
    id: doc.id,
    kind: doc.kind,
    number: doc.number,
    date: doc.issue_date,
    seller: JSON.parse(doc.seller) as Seller,
    buyer: {
      name: first?.recipient_name ?? '',
      address: first
        ? [first.street_address, `${first.town} ${first.pincode}`.trim(), first.state, first.country].filter(
            (part) => part !== '',
          )
        : [],
    },
    placeOfSupply: { code: doc.place_of_supply_code, name: stateName(doc.place_of_supply_code) },
    unreadShippingState:
      first && first.state.trim() !== '' && findState(first.state)?.code !== doc.place_of_supply_code
        ? first.state
        : null,
    intraState: doc.intra_state === 1,
    lines: rows.map((row) => ({
      description: row.name,
      hsn: row.hsn_code ?? '',
      quantity: goodsBack ? row.quantity : 0,
      unitPricePaise: Number(row.price_paise),
      rate: row.gst_rate ?? 0,
      // A credit note has the one line it credits.
      ...fromTotals(documentLineTotals(doc.order_id ? doc : null, row)),
    })),
    totals: {
      taxablePaise: Number(doc.taxable_paise),
      cgstPaise: Number(doc.cgst_paise),
      sgstPaise: Number(doc.sgst_paise),
      igstPaise: Number(doc.igst_paise),
      totalPaise: Number(doc.total_paise),
    },
    invoice: invoice ? { number: invoice.number, date: invoice.issue_date } : null,
  };
}
