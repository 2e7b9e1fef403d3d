import { describe, expect, it } from 'vitest';
import { productListPath } from './list-return';

describe('productListPath', () => {
  it('goes back to the page and search the admin left', () => {
    expect(productListPath({ listSearch: '?q=lamp&page=3' })).toBe('/admin/productList?q=lamp&page=3');
    expect(productListPath({ listSearch: '' })).toBe('/admin/productList');
  });

  it('goes to the first page without a list to return to, or with anything but a search', () => {
    for (const state of [null, undefined, {}, { listSearch: 3 }, { listSearch: '//evil.example' }]) {
      expect(productListPath(state)).toBe('/admin/productList');
    }
  });
});
