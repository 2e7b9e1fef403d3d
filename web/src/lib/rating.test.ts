import { describe, expect, it } from 'vitest';
import { RATING_STEPS, roundToHalf, starFills, starsLabel } from './rating';

describe('rating helpers', () => {
  it('rounds an average to the nearest half star', () => {
    expect(roundToHalf(3.74)).toBe(3.5);
    expect(roundToHalf(3.75)).toBe(4);
    expect(roundToHalf(0.2)).toBe(0);
    expect(roundToHalf(4.9)).toBe(5);
  });

  it('clamps ratings outside 0 to 5', () => {
    expect(roundToHalf(-1)).toBe(0);
    expect(roundToHalf(7)).toBe(5);
    expect(roundToHalf(Number.NaN)).toBe(0);
  });

  it('draws full, half and empty stars', () => {
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('offers ten half steps from 0.5 to 5', () => {
    expect(RATING_STEPS).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
  });

  it('labels one star in the singular', () => {
    expect(starsLabel(1)).toBe('1 star');
    expect(starsLabel(0.5)).toBe('0.5 stars');
    expect(starsLabel(4)).toBe('4 stars');
  });
});
