import { GST_RATES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { shopDay } from '../../lib/shop-time.js';
import { financialYear, lineTax, totalsOf } from './tax.js';
import { rupeesInWords } from './words.js';

describe('tax worked out of a tax-inclusive price', () => {
  it.each(GST_RATES)('within a state at %i %%: CGST and SGST halve the tax, the line adds up', (rate) => {
    for (const amount of [1, 99, 10000, 11800, 123457, 999_999_99]) {
      const t = lineTax(amount, rate, true);
      expect(t.taxablePaise + t.cgstPaise + t.sgstPaise).toBe(amount);
      expect(t.igstPaise).toBe(0);
      expect(t.cgstPaise - t.sgstPaise).toBeGreaterThanOrEqual(0);
      expect(t.cgstPaise - t.sgstPaise).toBeLessThanOrEqual(1);
      // The taxable value is the nearest paisa to amount / (1 + rate).
      expect(Math.abs(t.taxablePaise - (amount * 100) / (100 + rate))).toBeLessThanOrEqual(0.5);
    }
  });

  it.each(GST_RATES)('between states at %i %%: all IGST, the line adds up', (rate) => {
    for (const amount of [1, 99, 10000, 11800, 123457]) {
      const t = lineTax(amount, rate, false);
      expect(t.taxablePaise + t.igstPaise).toBe(amount);
      expect(t.cgstPaise + t.sgstPaise).toBe(0);
    }
  });

  it('₹118 at 18 % is ₹100 taxable and ₹9 + ₹9', () => {
    expect(lineTax(11800, 18, true)).toEqual({
      amountPaise: 11800,
      rate: 18,
      taxablePaise: 10000,
      cgstPaise: 900,
      sgstPaise: 900,
      igstPaise: 0,
    });
  });

  it('an odd paisa of tax goes to CGST', () => {
    // 103 paise at 5 %: 98.095 -> 98 taxable, 5 tax: 3 CGST + 2 SGST.
    const three = lineTax(103, 5, true);
    expect([three.taxablePaise, three.cgstPaise, three.sgstPaise]).toEqual([98, 3, 2]);
  });

  it('half a paisa rounds up', () => {
    // 16 paise at 28 %: 1600 / 128 = 12.5 paise taxable.
    expect(lineTax(16, 28, false)).toMatchObject({ taxablePaise: 13, igstPaise: 3 });
    // 1 paisa at 18 %: 0.847 rounds to 1, no tax.
    expect(lineTax(1, 18, false)).toMatchObject({ taxablePaise: 1, igstPaise: 0 });
  });

  it("an invoice's lines add up to what was paid, across rates and odd paise", () => {
    const lines = [
      lineTax(99999, 5, true),
      lineTax(12345 * 3, 12, true),
      lineTax(101, 18, true),
      lineTax(777, 28, true),
      lineTax(500, 0, true),
    ];
    const totals = totalsOf(lines);
    expect(totals.amountPaise).toBe(99999 + 12345 * 3 + 101 + 777 + 500);
    expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(
      totals.amountPaise,
    );
  });

  it('0 % has no tax', () => {
    expect(lineTax(12345, 0, true)).toMatchObject({ taxablePaise: 12345, cgstPaise: 0, sgstPaise: 0 });
  });
});

describe('dates in India', () => {
  it('31 March 23:59 IST is still the old financial year; 1 April 00:00 IST the new one', () => {
    const lastMinute = new Date('2027-03-31T18:29:00Z');
    const firstMinute = new Date('2027-03-31T18:30:00Z');
    expect(shopDay(lastMinute)).toBe('2027-03-31');
    expect(financialYear(shopDay(lastMinute))).toBe('2026-27');
    expect(shopDay(firstMinute)).toBe('2027-04-01');
    expect(financialYear(shopDay(firstMinute))).toBe('2027-28');
    expect(financialYear('2099-12-31')).toBe('2099-00');
  });
});

describe('amounts in words', () => {
  it('uses lakh and crore', () => {
    expect(rupeesInWords(1_23_45_678_90)).toBe(
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only',
    );
    expect(rupeesInWords(11800)).toBe('Rupees One Hundred Eighteen Only');
    expect(rupeesInWords(5)).toBe('Rupees Zero and Five Paise Only');
  });
});
