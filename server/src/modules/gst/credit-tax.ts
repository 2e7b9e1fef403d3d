import { lineTax, type TaxTotals } from './tax.js';

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * The taxable value and tax of a credit note for `amountPaise` (GST-inclusive)
 * of an invoiced order line, of which `left` is not yet credited. It is split
 * as the invoice splits a line (lineTax at the line's rate, CGST+SGST or IGST),
 * but never past what is left of each column, and the credit note for all that
 * is left takes exactly the remainder: so an order's credit notes add up to
 * its invoice line to the paisa, however many parts it is refunded in.
 */
export function creditTax(
  amountPaise: number,
  rate: number,
  intraState: boolean,
  left: TaxTotals,
): TaxTotals {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0 || amountPaise > left.amountPaise) {
    throw new Error(`bad credit ${amountPaise} of ${left.amountPaise} left`);
  }
  if (amountPaise === left.amountPaise) return { ...left };
  const leftTax = left.cgstPaise + left.sgstPaise + left.igstPaise;
  // Within both bounds the tax (amount less taxable value) never passes what is left of it either.
  const taxablePaise = clamp(
    lineTax(amountPaise, rate, intraState).taxablePaise,
    amountPaise - leftTax,
    left.taxablePaise,
  );
  const tax = amountPaise - taxablePaise;
  const cgstPaise = intraState ? clamp(Math.ceil(tax / 2), tax - left.sgstPaise, left.cgstPaise) : 0;
  return {
    amountPaise,
    taxablePaise,
    cgstPaise,
    sgstPaise: intraState ? tax - cgstPaise : 0,
    igstPaise: intraState ? 0 : tax,
  };
}
