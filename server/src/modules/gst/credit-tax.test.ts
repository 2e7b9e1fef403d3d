import { GST_RATES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { creditTax } from './credit-tax.js';
import { lineTax, totalsOf, type TaxTotals } from './tax.js';

const minus = (a: TaxTotals, b: TaxTotals): TaxTotals => ({
  amountPaise: a.amountPaise - b.amountPaise,
  taxablePaise: a.taxablePaise - b.taxablePaise,
  cgstPaise: a.cgstPaise - b.cgstPaise,
  sgstPaise: a.sgstPaise - b.sgstPaise,
  igstPaise: a.igstPaise - b.igstPaise,
});

/** Credits a line in these parts (the last one what is left) and answers the credit notes. */
function creditInParts(amount: number, rate: number, intra: boolean, parts: number[]) {
  const line = lineTax(amount, rate, intra);
  const notes: TaxTotals[] = [];
  for (const part of [...parts, undefined]) {
    const left = minus(line, totalsOf(notes));
    if (left.amountPaise === 0) break;
    notes.push(creditTax(part ?? left.amountPaise, rate, intra, left));
  }
  return { line, notes };
}

describe('a credit note for part of an invoiced line', () => {
  it('is split as the invoice splits a line of that amount', () => {
    // ₹599 of a ₹2,599 line at 18 %, within the state: 599 / 1.18 = 507.63, tax 91.37 = 45.69 + 45.68.
    const line = lineTax(2599_00, 18, true);
    expect(creditTax(599_00, 18, true, line)).toEqual({
      amountPaise: 599_00,
      taxablePaise: 507_63,
      cgstPaise: 45_69,
      sgstPaise: 45_68,
      igstPaise: 0,
    });
    expect(creditTax(599_00, 18, false, lineTax(2599_00, 18, false))).toMatchObject({
      taxablePaise: 507_63,
      igstPaise: 91_37,
    });
  });

  it('takes exactly what is left when it credits the rest', () => {
    const line = lineTax(2599_00, 18, true);
    const first = creditTax(599_00, 18, true, line);
    const rest = creditTax(2000_00, 18, true, minus(line, first));
    expect(totalsOf([first, rest])).toEqual(totalsOf([line]));
  });

  it('refuses more than is left, and nothing', () => {
    const line = lineTax(100_00, 5, true);
    expect(() => creditTax(100_01, 5, true, line)).toThrow();
    expect(() => creditTax(0, 5, true, line)).toThrow();
  });

  it.each(GST_RATES)(
    'at %i %%, credits in many small parts never pass the invoice in any column, and end at it exactly',
    (rate) => {
      for (const intra of [true, false]) {
        for (const [amount, part] of [
          [100, 1],
          [103, 3],
          [2599_00, 599_00],
          [1_18_000_00, 33_333_33],
          [999, 7],
        ] as const) {
          const parts = Array.from({ length: Math.floor(amount / part) }, () => part);
          const { line, notes } = creditInParts(amount, rate, intra, parts);
          let sum = totalsOf([]);
          for (const note of notes) {
            expect(note.taxablePaise + note.cgstPaise + note.sgstPaise + note.igstPaise).toBe(
              note.amountPaise,
            );
            for (const value of Object.values(note)) expect(value).toBeGreaterThanOrEqual(0);
            sum = totalsOf([sum, note]);
            for (const key of Object.keys(sum) as (keyof TaxTotals)[]) {
              expect(sum[key]).toBeLessThanOrEqual(line[key]);
            }
          }
          expect(sum).toEqual(totalsOf([line]));
        }
      }
    },
  );
});
