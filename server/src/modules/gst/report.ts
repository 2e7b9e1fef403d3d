import type { GstReportSection } from '@shop/shared';
import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { completingCreditNotes, documentLineTotals } from './credit-note.js';
import { stateName } from './document.js';

/** An inter-state sale to a consumer over this (paise) is "B2C large" in GSTR-1. */
export const B2CL_OVER_PAISE = 1_00_000_00;

/** One document's lines at one rate: the unit GSTR-1's tables add up. */
type RateRow = {
  kind: 'invoice' | 'credit_note';
  number: string;
  date: string;
  documentTotal: number;
  pos: string;
  intra: boolean;
  /** The invoice a credit note is against, and that invoice's total (B2CL or not). */
  invoiceNumber: string | null;
  invoiceTotal: number;
  rate: number;
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
};

type HsnRow = { hsn: string; description: string; rate: number; quantity: number } & Omit<
  RateRow,
  'kind' | 'number' | 'date' | 'documentTotal' | 'pos' | 'intra' | 'invoiceNumber' | 'invoiceTotal' | 'rate'
> & { sign: number };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** GSTR-1's offline tool writes dates as 01-Apr-2026. */
const gstDate = (iso: string) =>
  `${iso.slice(8, 10)}-${MONTHS[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;
const amount = (paise: number) => (paise / 100).toFixed(2);
const placeOf = (code: string) => `${code}-${stateName(code)}`;

function monthRange(month: string): [string, string] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return [`${month}-01`, `${next}-01`];
}

async function documentLines(db: Kysely<Database>, month: string) {
  const [from, to] = monthRange(month);
  return db
    .selectFrom('tax_documents as d')
    .innerJoin('orders as o', (join) =>
      join
        .onRef('o.checkout_id', '=', 'd.checkout_id')
        .on((eb) => eb.or([eb('d.order_id', 'is', null), eb('d.order_id', '=', eb.ref('o.id'))])),
    )
    .leftJoin('tax_documents as i', 'i.id', 'd.invoice_id')
    .select([
      'd.kind',
      'd.number',
      'd.subject',
      'd.order_id',
      'd.issue_date',
      'd.total_paise',
      'd.taxable_paise as document_taxable',
      'd.cgst_paise as document_cgst',
      'd.sgst_paise as document_sgst',
      'd.igst_paise as document_igst',
      'd.place_of_supply_code',
      'd.intra_state',
      'i.number as invoice_number',
      'i.total_paise as invoice_total',
      'o.name',
      'o.quantity',
      'o.hsn_code',
      'o.gst_rate',
      'o.amount_paise',
      'o.taxable_paise',
      'o.cgst_paise',
      'o.sgst_paise',
      'o.igst_paise',
    ])
    .where('d.issue_date', '>=', from)
    .where('d.issue_date', '<', to)
    .orderBy('d.kind', 'desc')
    .orderBy('d.number')
    .orderBy('o.gst_rate')
    .execute();
}

/** Adds a line into the row keyed `key`, making the row from the line when it is the first. */
function addUp<T extends { value: number; taxable: number; cgst: number; sgst: number; igst: number }>(
  rows: Map<string, T>,
  key: string,
  make: () => T,
  line: { value: number; taxable: number; cgst: number; sgst: number; igst: number },
) {
  const row = rows.get(key) ?? make();
  row.value += line.value;
  row.taxable += line.taxable;
  row.cgst += line.cgst;
  row.sgst += line.sgst;
  row.igst += line.igst;
  rows.set(key, row);
}

/**
 * One CSV of the month's GST report. `documents` lists every invoice and credit
 * note by rate with its place of supply; the others are shaped as GSTR-1's
 * offline tool imports them: b2cl (inter-state invoices over ₹1,00,000), b2cs
 * (every other sale, by place of supply and rate, credit notes against them
 * taken off), cdnur (credit notes against B2CL invoices), hsn (the HSN
 * summary, credit notes taken off) and docs (the documents' number ranges).
 * Amounts are rupees with two decimals.
 */
export async function gstReport(
  db: Kysely<Database>,
  month: string,
  section: GstReportSection,
): Promise<string> {
  const lines = await documentLines(db, month);
  const completing = await completingCreditNotes(db, [
    ...new Set(lines.flatMap((l) => (l.order_id ? [l.order_id] : []))),
  ]);
  const byRate = new Map<string, RateRow>();
  const hsn = new Map<string, HsnRow>();
  for (const l of lines) {
    const totals = documentLineTotals(
      l.order_id
        ? {
            total_paise: l.total_paise,
            taxable_paise: l.document_taxable,
            cgst_paise: l.document_cgst,
            sgst_paise: l.document_sgst,
            igst_paise: l.document_igst,
          }
        : null,
      l,
    );
    const line = {
      value: totals.amountPaise,
      taxable: totals.taxablePaise,
      cgst: totals.cgstPaise,
      sgst: totals.sgstPaise,
      igst: totals.igstPaise,
    };
    const quantity = !l.order_id || completing.has(l.subject) ? l.quantity : 0;
    const rate = l.gst_rate ?? 0;
    addUp(
      byRate,
      `${l.kind}|${l.number}|${rate}`,
      () => ({
        kind: l.kind,
        number: l.number,
        date: l.issue_date,
        documentTotal: Number(l.total_paise),
        pos: l.place_of_supply_code,
        intra: l.intra_state === 1,
        invoiceNumber: l.invoice_number,
        invoiceTotal: Number(l.invoice_total ?? l.total_paise),
        rate,
        value: 0,
        taxable: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
      }),
      line,
    );
    const sign = l.kind === 'credit_note' ? -1 : 1;
    const signed = {
      value: sign * line.value,
      taxable: sign * line.taxable,
      cgst: sign * line.cgst,
      sgst: sign * line.sgst,
      igst: sign * line.igst,
    };
    const key = `${l.hsn_code ?? ''}|${rate}`;
    addUp(
      hsn,
      key,
      () => ({ hsn: l.hsn_code ?? '', description: l.name, rate, quantity: 0, sign, ...zero() }),
      signed,
    );
    hsn.get(key)!.quantity += sign * quantity;
  }
  const rows = [...byRate.values()];
  const large = (r: RateRow) => !r.intra && r.invoiceTotal > B2CL_OVER_PAISE;

  switch (section) {
    case 'documents':
      return csv(
        [
          'Document',
          'Number',
          'Date',
          'Against invoice',
          'Place Of Supply',
          'Supply',
          'Rate',
          'Value',
          'Taxable Value',
          'Central Tax',
          'State/UT Tax',
          'Integrated Tax',
        ],
        rows.map((r) => [
          r.kind === 'invoice' ? 'Invoice' : 'Credit note',
          r.number,
          gstDate(r.date),
          r.invoiceNumber ?? '',
          placeOf(r.pos),
          r.intra ? 'Intra-State' : 'Inter-State',
          r.rate,
          amount(r.value),
          amount(r.taxable),
          amount(r.cgst),
          amount(r.sgst),
          amount(r.igst),
        ]),
      );
    case 'b2cl':
      return csv(
        [
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        rows
          .filter((r) => r.kind === 'invoice' && large(r))
          .map((r) => [
            r.number,
            gstDate(r.date),
            amount(r.documentTotal),
            placeOf(r.pos),
            '',
            r.rate,
            amount(r.taxable),
            '',
            '',
          ]),
      );
    case 'b2cs': {
      const small = new Map<string, RateRow>();
      for (const r of rows.filter((r) => !large(r))) {
        const sign = r.kind === 'credit_note' ? -1 : 1;
        addUp(small, `${r.pos}|${r.rate}`, () => ({ ...r, ...zero() }), {
          value: sign * r.value,
          taxable: sign * r.taxable,
          cgst: 0,
          sgst: 0,
          igst: 0,
        });
      }
      return csv(
        [
          'Type',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        [...small.values()]
          .sort((a, b) => a.pos.localeCompare(b.pos) || a.rate - b.rate)
          .map((r) => ['OE', placeOf(r.pos), '', r.rate, amount(r.taxable), '', '']),
      );
    }
    case 'cdnur':
      return csv(
        [
          'UR Type',
          'Note Number',
          'Note Date',
          'Note Type',
          'Place Of Supply',
          'Note Value',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        rows
          .filter((r) => r.kind === 'credit_note' && large(r))
          .map((r) => [
            'B2CL',
            r.number,
            gstDate(r.date),
            'C',
            placeOf(r.pos),
            amount(r.documentTotal),
            '',
            r.rate,
            amount(r.taxable),
            '',
          ]),
      );
    case 'hsn':
      return csv(
        [
          'HSN',
          'Description',
          'UQC',
          'Total Quantity',
          'Total Value',
          'Rate',
          'Taxable Value',
          'Integrated Tax Amount',
          'Central Tax Amount',
          'State/UT Tax Amount',
          'Cess Amount',
        ],
        [...hsn.values()]
          .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate - b.rate)
          .map((r) => [
            r.hsn,
            r.description,
            'NOS-NUMBERS',
            r.quantity,
            amount(r.value),
            r.rate,
            amount(r.taxable),
            amount(r.igst),
            amount(r.cgst),
            amount(r.sgst),
            '',
          ]),
      );
    case 'docs': {
      const numbers = (kind: RateRow['kind']) =>
        [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.number))].sort();
      const range = (nature: string, kind: RateRow['kind']) => {
        const list = numbers(kind);
        return list.length ? [[nature, list[0]!, list[list.length - 1]!, list.length, 0]] : [];
      };
      return csv(
        ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        [...range('Invoices for outward supply', 'invoice'), ...range('Credit Note', 'credit_note')],
      );
    }
  }
}

function zero() {
  return { value: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
}

function csv(header: string[], rows: (string | number)[][]): string {
  return stringify([header, ...rows]);
}
