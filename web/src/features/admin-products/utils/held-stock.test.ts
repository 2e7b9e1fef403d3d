import { describe, expect, it } from 'vitest';
import { heldStockHint } from './held-stock';

describe('the hint about units unpaid checkouts hold', () => {
  it('says nothing when none are held', () => {
    expect(heldStockHint(0)).toBeUndefined();
  });

  it('says how many more are held and what to enter', () => {
    expect(heldStockHint(3)).toBe(
      'Unpaid checkouts hold 3 more; they come back to stock if not paid. Enter only what is free to sell.',
    );
    expect(heldStockHint(1)).toContain('hold 1 more; it comes back');
  });
});
