import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A PDF read back as a PDF reader extracts it: each page's text items in the
 * order they were drawn, and the fonts they name.
 */
export async function pdfText(
  pdf: Buffer,
): Promise<{ pages: string[][]; items: string[]; fonts: Set<string> }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[][] = [];
  const fonts = new Set<string>();
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    const items: string[] = [];
    for (const item of content.items) {
      if ('str' in item) {
        items.push(item.str);
        fonts.add(content.styles[item.fontName]?.fontFamily ?? '');
      }
    }
    pages.push(items);
  }
  await doc.destroy();
  return { pages, items: pages.flat(), fonts };
}

/** Text items joined by single spaces: a cell wrapped over several lines reads as one string again. */
export function flowingText(items: string[]): string {
  return items.join(' ').replace(/\s+/g, ' ');
}
