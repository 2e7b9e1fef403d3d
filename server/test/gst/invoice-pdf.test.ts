import { describe, expect, it } from 'vitest';
import { renderTaxDocument, rupees } from '../../src/modules/gst/pdf.js';
import { flowingText, pdfText } from '../helpers/pdf.js';
import { longInvoice, sampleInvoice } from './sample-invoice.js';

describe('the tax invoice PDF', () => {
  it('holds what rule 46 asks, read back by a PDF text extractor', async () => {
    const pdf = await renderTaxDocument(sampleInvoice);
    const { items, fonts } = await pdfText(pdf);
    const text = items.join('\n');
    for (const expected of [
      'Tax Invoice',
      'Asha Traders Private Limited',
      'GSTIN: 27AAPFU0939F1ZV',
      'Invoice number: SHOP/2627/00042',
      'Date: 31/03/2027',
      'Place of supply: Maharashtra (27)',
      'Whether tax is payable on reverse charge: No',
      'Desk lamp',
      '85131010',
      '₹1,000.00',
      '18%',
      '₹90.00',
      '₹952.37',
      '₹23.81',
      'Total: ₹2,179.99',
      'In words: Rupees Two Thousand One Hundred Seventy Nine and Ninety Nine Paise Only',
      'Authorised signatory',
    ]) {
      expect(text).toContain(expected);
    }
    expect(items).toContain('CGST');
    expect(items).toContain('SGST');
    expect(items).not.toContain('IGST');
    // The buyer's name in Devanagari comes back as its letters (the embedded font maps each glyph to
    // Unicode). An extractor reads shaped text in the order it is drawn, so the reph of "र्मा" comes
    // after the letter it sits on: the same letters, in drawing order.
    const name = items.find((item) => item.startsWith('अनीता'));
    expect([...(name ?? '')].sort()).toEqual([...'अनीता शर्मा'].sort());
    // The font is embedded, not a standard PDF font the reader would substitute.
    expect(pdf.includes('/FontFile2')).toBe(true);
    expect([...fonts].some((f) => f !== '')).toBe(true);
  });

  it('between states shows IGST and no CGST or SGST; a credit note names its invoice', async () => {
    const pdf = await renderTaxDocument({
      ...sampleInvoice,
      kind: 'credit_note',
      number: 'SHOPC/2728/00001',
      intraState: false,
      placeOfSupply: { code: '29', name: 'Karnataka' },
      lines: [{ ...sampleInvoice.lines[0]!, cgstPaise: 0, sgstPaise: 0, igstPaise: 180_00 }],
      totals: { taxablePaise: 1000_00, cgstPaise: 0, sgstPaise: 0, igstPaise: 180_00, totalPaise: 1180_00 },
      invoice: { number: 'SHOP/2627/00042', date: '2027-03-31' },
    });
    const { items } = await pdfText(pdf);
    const text = items.join('\n');
    expect(text).toContain('Credit Note');
    expect(text).toContain('Credit note number: SHOPC/2728/00001');
    expect(text).toContain('Against invoice: SHOP/2627/00042 of 31/03/2027');
    expect(text).toContain('IGST: ₹180.00');
    expect(items).not.toContain('CGST');
  });

  it.each(['invoice', 'credit_note'] as const)(
    'a %s whose rows wrap runs onto a few pages, each row whole, the header on every page',
    async (kind) => {
      const view = { ...longInvoice(20), kind };
      const { pages } = await pdfText(await renderTaxDocument(view));
      expect(pages.length).toBeGreaterThan(1);
      expect(pages.length).toBeLessThanOrEqual(3);
      for (const page of pages) expect(page).toContain('Description');
      const text = flowingText(pages.flat());
      for (const line of view.lines) {
        expect(text).toContain(line.description);
        expect(text).toContain(rupees(line.totalPaise));
      }
      // Each row's number, description and amount on one page.
      view.lines.forEach((line, i) => {
        const page = pages.find((items) => flowingText(items).includes(line.description));
        expect(page, line.description).toContain(String(i + 1));
        expect(page).toContain(rupees(line.totalPaise));
      });
      expect(text).toContain(
        `${kind === 'invoice' ? 'Total' : 'Total credited'}: ${rupees(view.totals.totalPaise)}`,
      );
    },
  );
});
