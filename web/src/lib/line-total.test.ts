import { describe, expect, it } from 'vitest';
import { lineTotal } from './line-total';

describe('lineTotal', () => {
  it('multiplies the price by the quantity', () => {
    expect(lineTotal(1299, 3)).toBe(3897);
  });

  it('keeps decimal rupees exact to the paisa', () => {
    expect(lineTotal(19.99, 3)).toBe(59.97);
    expect(lineTotal(0.1, 3)).toBe(0.3);
  });
});
