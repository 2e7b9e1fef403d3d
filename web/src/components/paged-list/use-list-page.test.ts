import { describe, expect, it } from 'vitest';
import { pageFromParam } from './use-list-page';

describe('pageFromParam', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['abc', 1],
    ['0', 1],
    ['-3', 1],
    ['Infinity', 1],
    ['2', 2],
    ['2.7', 2],
    ['1e9', 100_000],
  ])('reads ?page=%s as page %i', (value, page) => {
    expect(pageFromParam(value)).toBe(page);
  });
});
