import { describe, expect, it } from 'vitest';
import { createPageCache, MAX_ASKED, MAX_PAGES } from './page-cache.js';

const at = { catalog: '7', stock: '3' };

describe('the page cache', () => {
  it(`keeps a page asked for twice or found stale, remembering the last ${MAX_ASKED} asked once`, () => {
    const pages = createPageCache<string>();
    pages.set('p0', at, '0');
    expect(pages.get('p0', at)).toBeUndefined();
    for (let i = 1; i <= MAX_ASKED; i += 1) pages.set(`p${i}`, at, `${i}`);
    for (const i of [1, 0]) pages.set(`p${i}`, at, `${i}`);
    expect(pages.get('p1', at)).toBe('1');
    expect(pages.get('p0', at)).toBeUndefined();
    expect(pages.size()).toBe(1);
    const after = { ...at, stock: '4' };
    expect(pages.get('p1', after)).toBeUndefined();
    pages.set('p1', after, '1 again');
    expect(pages.get('p1', after)).toBe('1 again');
  });

  it('answers a page only at the versions it was filed under', () => {
    const pages = createPageCache<string>('every-page');
    pages.set('p1', at, 'Kettle');
    expect(pages.get('p1', at)).toBe('Kettle');
    expect(pages.get('p1', { ...at, stock: '4' })).toBeUndefined();
    // A page found stale is dropped, not kept for the versions coming back.
    expect(pages.get('p1', at)).toBeUndefined();
    pages.set('p2', at, 'Lamp');
    expect(pages.get('p2', { ...at, catalog: '8' })).toBeUndefined();
  });

  it('keeps nothing when the stock version is unknown, or when turned off', () => {
    const pages = createPageCache<string>('every-page');
    pages.set('p1', { catalog: '7', stock: null }, 'Kettle');
    expect(pages.get('p1', { catalog: '7', stock: null })).toBeUndefined();
    const off = createPageCache<string>('off');
    off.set('p1', at, 'Kettle');
    expect(off.get('p1', at)).toBeUndefined();
    expect(off.size()).toBe(0);
  });

  it(`keeps at most ${MAX_PAGES} pages, the oldest going first`, () => {
    const pages = createPageCache<string>('every-page');
    for (let i = 0; i < MAX_PAGES + 50; i += 1) pages.set(`p${i}`, at, `${i}`);
    expect(pages.size()).toBe(MAX_PAGES);
    expect(pages.get('p49', at)).toBeUndefined();
    expect(pages.get(`p${MAX_PAGES + 49}`, at)).toBe(`${MAX_PAGES + 49}`);
  });
});
