import { describe, expect, it } from 'vitest';
import { createProductPageCache, MAX_PAGES } from './page-cache.js';

const at = { catalog: '7', stock: '3' };
/** A page as the product page files it. */
const json = (text: string) => ({ json: text, reviewsCut: false });

describe('product pages kept in memory', () => {
  it('answers a page only at the versions it was filed under', () => {
    const pages = createProductPageCache(() => 0);
    pages.set('p1', at, json('{"name":"Kettle"}'));
    expect(pages.get('p1', at)).toEqual(json('{"name":"Kettle"}'));
    expect(pages.get('p1', { ...at, stock: '4' })).toBeUndefined();
    // A page found stale is dropped, not kept for the versions coming back.
    expect(pages.get('p1', at)).toBeUndefined();
    pages.set('p2', at, json('{}'));
    expect(pages.get('p2', { ...at, catalog: '8' })).toBeUndefined();
  });

  it('keeps whether the reviews were cut with the page', () => {
    const pages = createProductPageCache(() => 0);
    pages.set('p1', at, { json: '{}', reviewsCut: true });
    expect(pages.get('p1', at)).toEqual({ json: '{}', reviewsCut: true });
  });

  it('keeps nothing when the stock version is unknown', () => {
    const pages = createProductPageCache(() => 0);
    pages.set('p1', { catalog: '7', stock: null }, json('{}'));
    expect(pages.get('p1', { catalog: '7', stock: null })).toBeUndefined();
    expect(pages.size()).toEqual({ pages: 0, characters: 0 });
  });

  it('drops a page after a minute even if no version moved', () => {
    let now = 0;
    const pages = createProductPageCache(() => now);
    pages.set('p1', at, json('{}'));
    now = 60_000;
    expect(pages.get('p1', at)).toEqual(json('{}'));
    now = 60_001;
    expect(pages.get('p1', at)).toBeUndefined();
  });

  it('keeps at most 4 Mi characters of pages, the oldest going first, and no page over 256 Ki', () => {
    const pages = createProductPageCache(() => 0);
    const page = 'x'.repeat(200 * 1024);
    for (let i = 0; i < 25; i += 1) pages.set(`p${i}`, at, json(page));
    // 20 pages of 200 Ki fill 4,000 Ki of the 4,096: the first five went.
    expect(pages.size()).toEqual({ pages: 20, characters: 20 * 200 * 1024 });
    expect(pages.get('p4', at)).toBeUndefined();
    expect(pages.get('p5', at)).toEqual(json(page));

    pages.set('huge', at, json('y'.repeat(256 * 1024 + 1)));
    expect(pages.get('huge', at)).toBeUndefined();
    // Filing a page again replaces it, and what it held is counted once.
    pages.set('p5', at, json('{}'));
    expect(pages.size()).toEqual({ pages: 20, characters: 19 * 200 * 1024 + 2 });
  });

  it(`keeps at most ${MAX_PAGES} pages however small, the oldest going first`, () => {
    const pages = createProductPageCache(() => 0);
    for (let i = 0; i < MAX_PAGES + 5000; i += 1) pages.set(`p${i}`, at, json(''));
    expect(pages.size().pages).toBe(MAX_PAGES);
    expect(pages.get('p4999', at)).toBeUndefined();
    expect(pages.get(`p${MAX_PAGES + 4999}`, at)).toEqual(json(''));
  });
});
