import { describe, expect, it } from 'vitest';
import { filterParams, parseProductSearch } from './product-search';

describe('product search params', () => {
  it('reads the filter and page from the URL', () => {
    const params = new URLSearchParams('q=kettle&sort=htl&category=electronics&page=3');
    expect(parseProductSearch(params)).toEqual({
      q: 'kettle',
      sort: 'htl',
      category: 'electronics',
      page: 3,
    });
  });

  it('falls back to the defaults for missing or invalid values', () => {
    const params = new URLSearchParams('sort=cheapest&category=toys&page=0');
    expect(parseProductSearch(params)).toEqual({ q: '', sort: 'popular', category: 'all', page: 1 });
  });

  it('writes a trimmed filter without a page', () => {
    const params = filterParams({ q: '  phone ', sort: 'lth', category: 'mobiles' });
    expect(params.toString()).toBe('q=phone&sort=lth&category=mobiles');
  });
});
