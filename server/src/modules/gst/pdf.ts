import { createRequire } from 'node:module';
import { groupIndian, stateTaxName } from '@shop/shared';
import type { TaxDocumentView } from './document.js';
import { drawTable, type Column } from './pdf-table.js';
import { rupeesInWords } from './words.js';

const require = createRequire(import.meta.url);
// Noto Sans Devanagari has Latin, the rupee sign and Devanagari: one font, embedded (subset) in every PDF.
const FONTS = {
  regular:
    require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};

/** "₹1,23,456.50": an invoice shows the paise always. */
export function rupees(paise: number): string {
  return `₹${groupIndian(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, '0')}`;
}

function dateText(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** The tax invoice or credit note as a PDF (A4), with what rule 46 (invoice) or 53 (credit note) asks. */
export async function renderTaxDocument(view: TaxDocumentView): Promise<Buffer> {
  // Loaded with the first PDF, not at start: with its fonts' tables it slows every start
  // and holds memory that most processes never use.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${view.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} ${view.number}` },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const { seller } = view;

  doc
    .font('bold')
    .fontSize(16)
    .text(view.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note', { align: 'center' });
  doc.moveDown(0.5);
  const top = doc.y;
  doc
    .font('bold')
    .fontSize(10)
    .text(seller.legalName, left, top, { width: width / 2 - 10 });
  doc
    .font('regular')
    .fontSize(9)
    .text(seller.address, { width: width / 2 - 10 });
  doc.text(`State: ${seller.stateName} (code ${seller.stateCode})`);
  doc.text(`GSTIN: ${seller.gstin}`);
  const sellerBottom = doc.y;
  const right = left + width / 2 + 10;
  doc.font('regular').fontSize(9);
  doc.text(`${view.kind === 'invoice' ? 'Invoice' : 'Credit note'} number: ${view.number}`, right, top, {
    width: width / 2 - 10,
  });
  doc.text(`Date: ${dateText(view.date)}`);
  if (view.invoice) doc.text(`Against invoice: ${view.invoice.number} of ${dateText(view.invoice.date)}`);
  doc.text(`Place of supply: ${view.placeOfSupply.name} (${view.placeOfSupply.code})`);
  if (view.unreadShippingState !== null) {
    doc.text(
      `Shipping state as written: "${view.unreadShippingState}", not read as a state: the seller's state is the place of supply`,
    );
  }
  doc.text('Whether tax is payable on reverse charge: No');
  doc.y = Math.max(sellerBottom, doc.y) + 10;

  doc.font('bold').text('Bill to / Ship to', left);
  doc.font('regular').text(view.buyer.name);
  for (const line of view.buyer.address) doc.text(line);
  doc.moveDown();

  const lines = view.lines;
  const t = view.totals;
  const stateTax = stateTaxName(seller.stateCode);
  const taxTitles = view.intraState ? ['CGST', stateTax] : ['IGST'];
  const taxWidth = 104 / taxTitles.length;
  const columns: Column[] = [
    { title: '#', width: 16, align: 'left' },
    { title: 'Description', width: 113, align: 'left' },
    { title: 'HSN', width: 44, align: 'left' },
    { title: 'Qty', width: 24, align: 'right' },
    { title: 'Unit price', width: 58, align: 'right' },
    { title: 'Taxable value', width: 60, align: 'right' },
    { title: 'Rate', width: 28, align: 'right' },
    ...taxTitles.map((title): Column => ({ title, width: taxWidth, align: 'right' })),
    { title: 'Total', width: 68, align: 'right' },
  ];
  const taxCells = (tax: { cgstPaise: number; sgstPaise: number; igstPaise: number }) =>
    view.intraState ? [rupees(tax.cgstPaise), rupees(tax.sgstPaise)] : [rupees(tax.igstPaise)];
  drawTable(doc, columns, [
    ...lines.map((line, i) => ({
      cells: [
        String(i + 1),
        line.description,
        line.hsn,
        // A credit note for part of a line's value gives no goods back.
        line.quantity === 0 ? '—' : String(line.quantity),
        rupees(line.unitPricePaise),
        rupees(line.taxablePaise),
        `${line.rate}%`,
        ...taxCells(line),
        rupees(line.totalPaise),
      ],
    })),
    {
      cells: [
        '',
        'Total',
        '',
        String(lines.reduce((s, l) => s + l.quantity, 0)),
        '',
        rupees(t.taxablePaise),
        '',
        ...taxCells(t),
        rupees(t.totalPaise),
      ],
      bold: true,
    },
  ]);

  doc.moveDown();
  doc.font('regular').fontSize(9);
  doc.text(`Taxable value: ${rupees(t.taxablePaise)}`, left);
  if (view.intraState) {
    doc.text(`CGST: ${rupees(t.cgstPaise)}   ${stateTax}: ${rupees(t.sgstPaise)}`);
  } else {
    doc.text(`IGST: ${rupees(t.igstPaise)}`);
  }
  doc.font('bold').text(`${view.kind === 'invoice' ? 'Total' : 'Total credited'}: ${rupees(t.totalPaise)}`);
  doc.font('regular').text(`In words: ${rupeesInWords(t.totalPaise)}`);
  doc.text('Prices include GST; the tax is worked out of them.');
  doc.moveDown(3);
  doc.text(`For ${seller.legalName}`, left, doc.y, { width, align: 'right' });
  doc.moveDown(2);
  doc.text('Authorised signatory', left, doc.y, { width, align: 'right' });
  doc.end();
  return done;
}
