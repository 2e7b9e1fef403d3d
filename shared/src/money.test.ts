import { describe, expect, it } from 'vitest';
import { formatRupees, groupIndian, paiseToRupees, rupeesToPaise } from './money.js';

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

describe('the same text as Intl en-IN', () => {
  const currency = (digits: number) =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  const counts = new Intl.NumberFormat('en-IN');

  it('for amounts from paise to crores, negative ones too', () => {
    for (const paise of [
      0, 5, 99, 100, 101, 99999, 100000, 1234567, 123456789, 987654321012, -150, -12345600,
    ]) {
      const rupees = paise / 100;
      expect(formatRupees(rupees)).toBe(currency(paise % 100 === 0 ? 0 : 2).format(rupees));
    }
  });

  it('for counts', () => {
    for (const n of [0, 7, 999, 1000, 12345, 100000, 1234567, 1000000000, -4321])
      expect(groupIndian(n)).toBe(counts.format(n));
  });
});
