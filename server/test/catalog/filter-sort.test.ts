import { CATEGORIES, messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, getProducts, listOf, uniqueTag } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';

describe(`product category filter and sort (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ sid } = await loginAs(t.app));
  });
  afterAll(() => t.close());

  /** One product per category, all sharing a tag word in the name. */
  async function onePerCategory() {
    const tag = uniqueTag();
    const rows = [];
    for (const category of CATEGORIES) {
      rows.push(await createProduct(t.app.ctx.db, { name: `${category} ${tag}`, category }));
    }
    return { tag, rows };
  }

  it.each(CATEGORIES)('answers only %s products for that category', async (category) => {
    const { tag, rows } = await onePerCategory();
    const list = await listOf(t.app, sid, { q: tag, category });
    expect(list.products.map((p) => p._id)).toEqual(
      rows.filter((r) => r.category === category).map((r) => r.id),
    );
    expect(list.products.every((p) => p.category === category)).toBe(true);
    expect(list.total).toBe(1);
  });

  it('answers every category for category=all, as with no category', async () => {
    const { tag, rows } = await onePerCategory();
    const all = await listOf(t.app, sid, { q: tag, category: 'all' });
    const none = await listOf(t.app, sid, { q: tag });
    expect(all.products.map((p) => p._id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(all.total).toBe(CATEGORIES.length);
    expect(none.products).toEqual(all.products);
  });

  it.each(['toys', 'Electronics', '', 'all,games'])('rejects the category %j with 400', async (category) => {
    const res = await getProducts(t.app, sid, { category });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.invalidCategory);
  });

  it('sorts popular by highest rating first, then by most reviews', async () => {
    const tag = uniqueTag();
    const product = (label: string, rating: number, num_reviews: number) =>
      createProduct(t.app.ctx.db, { name: `${label} ${tag}`, rating, num_reviews });
    await product('middle', 4, 10);
    await product('unrated', 0, 0);
    await product('best few', 4.5, 2);
    await product('best many', 4.5, 9);
    await product('low', 1.5, 30);
    const expected = ['best many', 'best few', 'middle', 'low', 'unrated'].map((l) => `${l} ${tag}`);

    const popular = await listOf(t.app, sid, { q: tag, sort: 'popular' });
    expect(popular.products.map((p) => p.name)).toEqual(expected);
    expect((await listOf(t.app, sid, { q: tag })).products.map((p) => p.name)).toEqual(expected);
  });

  it('sorts htl by price high to low and lth by price low to high', async () => {
    const tag = uniqueTag();
    for (const [label, price_paise] of [
      ['mid', 50_000],
      ['cheap', 999],
      ['dear', 1_899_900],
      ['half', 129_950],
    ] as const) {
      await createProduct(t.app.ctx.db, { name: `${label} ${tag}`, price_paise });
    }
    const htl = await listOf(t.app, sid, { q: tag, sort: 'htl' });
    const lth = await listOf(t.app, sid, { q: tag, sort: 'lth' });
    expect(htl.products.map((p) => p.price)).toEqual([18999, 1299.5, 500, 9.99]);
    expect(lth.products.map((p) => p.price)).toEqual([9.99, 500, 1299.5, 18999]);
  });

  it('combines search, category and sort', async () => {
    const tag = uniqueTag();
    await createProduct(t.app.ctx.db, { name: `game a ${tag}`, category: 'games', price_paise: 300 });
    await createProduct(t.app.ctx.db, { name: `game b ${tag}`, category: 'games', price_paise: 100 });
    await createProduct(t.app.ctx.db, { name: `phone ${tag}`, category: 'mobiles', price_paise: 200 });
    const list = await listOf(t.app, sid, { q: tag, category: 'games', sort: 'lth' });
    expect(list.products.map((p) => p.name)).toEqual([`game b ${tag}`, `game a ${tag}`]);
    expect(list.total).toBe(2);
  });

  it.each(['newest', 'HTL', '', 'price'])('rejects the sort %j with 400', async (sort) => {
    const res = await getProducts(t.app, sid, { sort });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.invalidSort);
  });
});
