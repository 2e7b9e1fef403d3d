import type { TaxDocumentView } from '../../src/modules/gst/document.js';
import { lineTax, totalsOf } from '../../src/modules/gst/tax.js';

/** An invoice of two lines at two rates, its buyer named in Devanagari. */
export const sampleInvoice: TaxDocumentView = {
  id: 'x',
  kind: 'invoice',
  number: 'SHOP/2627/00042',
  date: '2027-03-31',
  seller: {
    legalName: 'Asha Traders Private Limited',
    address: '4 Station Road, Pune 411001',
    stateCode: '27',
    stateName: 'Maharashtra',
    gstin: '27AAPFU0939F1ZV',
    invoicePrefix: 'SHOP',
  },
  buyer: { name: 'अनीता शर्मा', address: ['12 MG Road', 'Pune 411001', 'Maharashtra', 'India'] },
  placeOfSupply: { code: '27', name: 'Maharashtra' },
  unreadShippingState: null,
  intraState: true,
  lines: [
    {
      description: 'Desk lamp',
      hsn: '85131010',
      quantity: 1,
      unitPricePaise: 1180_00,
      taxablePaise: 1000_00,
      rate: 18,
      cgstPaise: 90_00,
      sgstPaise: 90_00,
      igstPaise: 0,
      totalPaise: 1180_00,
    },
    {
      description: 'Cotton kurta',
      hsn: '6205',
      quantity: 3,
      unitPricePaise: 333_33,
      taxablePaise: 952_37,
      rate: 5,
      cgstPaise: 23_81,
      sgstPaise: 23_81,
      igstPaise: 0,
      totalPaise: 999_99,
    },
  ],
  totals: { taxablePaise: 1952_37, cgstPaise: 113_81, sgstPaise: 113_81, igstPaise: 0, totalPaise: 2179_99 },
  invoice: null,
};

/**
 * An invoice of `count` lines whose descriptions are as long as a product name may be (200
 * characters), so each row wraps to several lines and the table runs over a page.
 */
export function longInvoice(count: number): TaxDocumentView {
  const lines = Array.from({ length: count }, (_, i) => {
    const head = `Item${i + 1}end hand-woven cotton table runner with block-printed border`;
    const description = `${head}, ${'extra long words to wrap the cell '.repeat(6)}`.slice(0, 200).trim();
    const amount = 1000_00 + i * 101;
    const tax = lineTax(amount, 12, true);
    return {
      description,
      hsn: '6302',
      quantity: 1,
      unitPricePaise: amount,
      taxablePaise: tax.taxablePaise,
      rate: 12,
      cgstPaise: tax.cgstPaise,
      sgstPaise: tax.sgstPaise,
      igstPaise: 0,
      totalPaise: amount,
    };
  });
  const { amountPaise, ...taxes } = totalsOf(lines.map((l) => ({ ...l, amountPaise: l.totalPaise })));
  return { ...sampleInvoice, lines, totals: { ...taxes, totalPaise: amountPaise } };
}
