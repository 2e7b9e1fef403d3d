export type Column = { title: string; width: number; align: 'left' | 'right' };

const FONT_SIZE = 8;
const CELL_PADDING = 2;
/** Space below a row's text: the rule under it and the gap to the next row. */
const ROW_GAP = 5;

/**
 * Draws a table at the document's current position: the header, then each row.
 * Every row is measured before it is drawn, and one that would cross the
 * bottom margin starts a new page with the header again. Left to itself,
 * pdfkit would break the page inside a cell, and every cell after it, drawn at
 * the row's old height, would start yet another page.
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  columns: Column[],
  rows: { cells: string[]; bold?: boolean }[],
): void {
  const left = doc.page.margins.left;
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const header = { cells: columns.map((c) => c.title), bold: true };

  const heightOf = (row: { cells: string[]; bold?: boolean }) => {
    doc.font(row.bold ? 'bold' : 'regular').fontSize(FONT_SIZE);
    return Math.max(
      ...row.cells.map((text, c) =>
        doc.heightOfString(text, { width: columns[c]!.width - 2 * CELL_PADDING, align: columns[c]!.align }),
      ),
    );
  };
  const fits = (height: number) => doc.y + height + ROW_GAP <= doc.page.height - doc.page.margins.bottom;

  const draw = (row: { cells: string[]; bold?: boolean }, height: number) => {
    const y = doc.y;
    let x = left;
    doc.font(row.bold ? 'bold' : 'regular').fontSize(FONT_SIZE);
    row.cells.forEach((text, c) => {
      const column = columns[c]!;
      doc.text(text, x + CELL_PADDING, y, { width: column.width - 2 * CELL_PADDING, align: column.align });
      x += column.width;
    });
    doc
      .moveTo(left, y + height + 2)
      .lineTo(left + width, y + height + 2)
      .lineWidth(0.5)
      .stroke('#888888');
    doc.y = y + height + ROW_GAP;
  };

  const headerHeight = heightOf(header);
  const newPage = () => {
    doc.addPage();
    draw(header, headerHeight);
  };

  // The header stays with the first row: a header alone at the foot of a page starts the next.
  const first = rows[0];
  if (!fits(headerHeight + (first ? heightOf(first) + ROW_GAP : 0))) doc.addPage();
  draw(header, headerHeight);
  for (const row of rows) {
    const height = heightOf(row);
    if (!fits(height)) newPage();
    draw(row, height);
  }
}
