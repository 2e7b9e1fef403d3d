import { describe, expect, it } from 'vitest';
import { formatRupees, paiseToRupees, rupeesToPaise } from './money.js';

describe('rupees and paise', () => {
  it('converts rupees to whole paise', () => {
    expect(rupeesToPaise(499)).toBe(49900);
    expect(rupeesToPaise(0)).toBe(0);
  });

  it('rounds away the floating-point error of decimal rupees', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(Number.isInteger(rupeesToPaise(1234.56))).toBe(true);
  });

  it('converts paise back to rupees', () => {
    expect(paiseToRupees(12345)).toBe(123.45);
    expect(paiseToRupees(100)).toBe(1);
  });

  it('round-trips a price through paise unchanged', () => {
    for (const rupees of [0.5, 1.01, 99.99, 123456.78])
      expect(paiseToRupees(rupeesToPaise(rupees))).toBe(rupees);
  });
});

describe('formatRupees', () => {
  it('groups digits the Indian way (lakh and crore)', () => {
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
    expect(formatRupees(10000000)).toBe('₹1,00,00,000');
    expect(formatRupees(1500)).toBe('₹1,500');
  });

  it('shows no decimals for whole rupees and at most two otherwise', () => {
    expect(formatRupees(100)).toBe('₹100');
    expect(formatRupees(1234567.891)).toBe('₹12,34,567.89');
    expect(formatRupees(0)).toBe('₹0');
  });

  it('formats a price held in paise after conversion', () => {
    expect(formatRupees(paiseToRupees(12345650))).toBe('₹1,23,456.50');
  });
});
