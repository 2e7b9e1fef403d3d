import { describe, expect, it } from 'vitest';
import { fromTextCell, rupeesCell, textCell } from './cells.js';

describe('CSV cells', () => {
  it('writes text a spreadsheet would run as a formula as text, and reads it back as it was', () => {
    for (const text of ['=SUM(A1)', '+91 98765', '-5', '@cmd', '\tx']) {
      expect(textCell(text)).toBe(`'${text}`);
      expect(fromTextCell(textCell(text))).toBe(text);
    }
    expect(textCell('दीया')).toBe('दीया');
    expect(fromTextCell("'plain")).toBe("'plain");
    for (const text of ["'=already text", "''+91"]) {
      expect(textCell(text)).toBe(`'${text}`);
      expect(fromTextCell(textCell(text))).toBe(text);
    }
  });

  it('writes rupees as a plain number with paise', () => {
    expect(rupeesCell(149_50)).toBe('149.50');
    expect(rupeesCell('1250000')).toBe('12500.00');
  });
});
