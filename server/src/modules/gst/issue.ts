import { findState, INDIAN_STATES, type GstSettings } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/tokens.js';
import { documentNumber, nextSequence } from './numbering.js';
import { readGstSettings } from './settings.js';
import { shopDay } from '../../lib/shop-time.js';
import { financialYear, lineTax, totalsOf } from './tax.js';

/** The seller as a document shows it, kept on the document as it was when issued. */
export type Seller = {
  legalName: string;
  address: string;
  stateCode: string;
  stateName: string;
  gstin: string;
  invoicePrefix: string;
};

function sellerOf(settings: GstSettings): Seller {
  const state = INDIAN_STATES.find((s) => s.code === settings.stateCode);
  return {
    legalName: settings.legalName,
    address: settings.address,
    stateCode: settings.stateCode,
    stateName: state?.name ?? '',
    gstin: settings.gstin,
    invoicePrefix: settings.invoicePrefix,
  };
}

/**
 * Where the goods go, for the tax: the shipping state when it can be read as
 * one of the list, else the seller's own. That is a payment that came by
 * webhook before any address (the address sent later works it out again,
 * placeOfSupplyChanged), or a state the spec's client sent as text nobody can
 * read: a sale with no other state to name, as docs/decisions/0030-gst.md
 * says; its document shows the text as written.
 */
function placeOfSupply(shippingState: string, seller: Seller): string {
  return findState(shippingState)?.code ?? seller.stateCode;
}

/**
 * With GST on, works out each order line's tax from its product's HSN code and
 * rate and stores it on the order, and issues the checkout's tax invoice with
 * the next number of its financial year: in the caller's transaction, the one
 * that makes the orders. Answers the invoice's id, or null with GST off.
 */
export async function issueInvoice(
  trx: Kysely<Database>,
  checkoutId: string,
  at: Date,
  onMissingTax: (productId: string) => void,
): Promise<string | null> {
  const settings = await readGstSettings(trx);
  if (!settings.enabled) return null;
  const seller = sellerOf(settings);
  const orders = await trx
    .selectFrom('orders')
    .leftJoin('products', 'products.id', 'orders.product_id')
    .select([
      'orders.id',
      'orders.product_id',
      'orders.amount_paise',
      'orders.state',
      'products.hsn_code',
      'products.gst_rate',
    ])
    .where('orders.checkout_id', '=', checkoutId)
    .execute();
  const pos = placeOfSupply(orders[0]?.state ?? '', seller);
  const intra = pos === seller.stateCode;
  const taxes = [];
  for (const order of orders) {
    // Checked at orderCreate; missing only when GST was turned on while this payment was open.
    if (order.gst_rate === null || order.hsn_code === null) onMissingTax(order.product_id);
    const rate = order.gst_rate ?? 18;
    const tax = lineTax(Number(order.amount_paise), rate, intra);
    taxes.push(tax);
    await trx
      .updateTable('orders')
      .set({
        hsn_code: order.hsn_code ?? '',
        gst_rate: rate,
        taxable_paise: tax.taxablePaise,
        cgst_paise: tax.cgstPaise,
        sgst_paise: tax.sgstPaise,
        igst_paise: tax.igstPaise,
      })
      .where('id', '=', order.id)
      .execute();
  }
  const totals = totalsOf(taxes);
  const date = shopDay(at);
  const year = financialYear(date);
  const sequence = await nextSequence(trx, 'invoice', year);
  const id = newId();
  await trx
    .insertInto('tax_documents')
    .values({
      id,
      kind: 'invoice',
      number: documentNumber(seller.invoicePrefix, 'invoice', year, sequence),
      subject: `invoice:${checkoutId}`,
      checkout_id: checkoutId,
      order_id: null,
      invoice_id: null,
      financial_year: year,
      sequence,
      issued_at: at.toISOString(),
      issue_date: date,
      seller: JSON.stringify(seller),
      place_of_supply_code: pos,
      intra_state: intra ? 1 : 0,
      taxable_paise: totals.taxablePaise,
      cgst_paise: totals.cgstPaise,
      sgst_paise: totals.sgstPaise,
      igst_paise: totals.igstPaise,
      total_paise: totals.amountPaise,
    })
    .execute();
  return id;
}

/**
 * The shipping form came after a webhook had made the orders (and the invoice,
 * placed in the seller's state): the place of supply and the tax's split are
 * worked out again from the address. The invoice keeps its number, amounts
 * and rates; only CGST/SGST versus IGST can change. Not once a credit note
 * has been issued against it: the note is in the invoice's split, and the two
 * must stay in one.
 */
export async function placeOfSupplyChanged(trx: Kysely<Database>, checkoutId: string): Promise<void> {
  const invoice = await trx
    .selectFrom('tax_documents')
    .select(['id', 'seller'])
    .where('subject', '=', `invoice:${checkoutId}`)
    .executeTakeFirst();
  if (!invoice) return;
  const credited = await trx
    .selectFrom('tax_documents')
    .innerJoin('orders', 'orders.id', 'tax_documents.order_id')
    .select('tax_documents.id')
    .where('orders.checkout_id', '=', checkoutId)
    .where('tax_documents.kind', '=', 'credit_note')
    .executeTakeFirst();
  if (credited) return;
  const seller = JSON.parse(invoice.seller) as Seller;
  const orders = await trx
    .selectFrom('orders')
    .select(['id', 'amount_paise', 'gst_rate', 'state'])
    .where('checkout_id', '=', checkoutId)
    .execute();
  const pos = placeOfSupply(orders[0]?.state ?? '', seller);
  const intra = pos === seller.stateCode;
  const taxes = [];
  for (const order of orders) {
    const tax = lineTax(Number(order.amount_paise), order.gst_rate ?? 0, intra);
    taxes.push(tax);
    await trx
      .updateTable('orders')
      .set({ cgst_paise: tax.cgstPaise, sgst_paise: tax.sgstPaise, igst_paise: tax.igstPaise })
      .where('id', '=', order.id)
      .execute();
  }
  const totals = totalsOf(taxes);
  await trx
    .updateTable('tax_documents')
    .set({
      place_of_supply_code: pos,
      intra_state: intra ? 1 : 0,
      cgst_paise: totals.cgstPaise,
      sgst_paise: totals.sgstPaise,
      igst_paise: totals.igstPaise,
    })
    .where('id', '=', invoice.id)
    .execute();
}
