import type { Product, ProductQuery } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { addCartLine, createProduct, createProducts } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';
import { insertGeneratedProducts } from '../../src/modules/products/generated-catalog.js';
import { createListCache } from '../../src/modules/products/list-cache.js';
import { listProducts } from '../../src/modules/products/list.js';
import { createCatalogSearch, type CatalogSearch } from '../../src/modules/products/search-index.js';

/**
 * The in-process search index must find, count and order exactly what the
 * database does, for every kind of search, filter, sort and page; and it must
 * never answer for a catalog that has changed since it was built.
 */
describe(`the in-process search index (${testDbKind})`, () => {
  let t: TestApp;
  let userId: string;
  let search: CatalogSearch;
  const builds: { products: number; ms: number }[] = [];
  const failOnError = (error: unknown) => expect.fail(String(error));

  /** The answer listProducts gives with this search and an empty page cache, its products parsed. */
  const answerWith = async (catalogSearch: CatalogSearch, query: ProductQuery) => {
    const cache = createListCache(() => Date.now());
    const { json, ...answer } = await listProducts(
      t.app.ctx.db,
      t.app.ctx.dbKind,
      { cache, search: catalogSearch },
      query,
      userId,
    );
    // The text sent, bytes from the index's shelf or text from the database.
    const text = String(json);
    return { ...answer, products: (JSON.parse(text) as { products: Product[] }).products, text };
  };
  /** The answer the database gives, with no cache and no index. */
  const fromDatabase = (query: ProductQuery) => {
    const noIndex = createCatalogSearch(t.app.ctx.db, failOnError);
    noIndex.close();
    return answerWith(noIndex, query);
  };
  const fromIndex = (query: ProductQuery) => answerWith(search, query);
  /**
   * The answer while `latest()` still gives the index built before: a small
   * catalog's rebuild, which the answer itself starts, may otherwise finish
   * before the answer looks at the index.
   */
  const withIndexHeld = (query: ProductQuery) => {
    const held = search.latest();
    return answerWith({ ...search, latest: () => held }, query);
  };
  const rebuilt = async () => {
    const { catalog } = await t.app.ctx.db
      .selectFrom('app_settings')
      .select('value as catalog')
      .where('key', '=', 'catalog_version')
      .executeTakeFirstOrThrow();
    search.sawVersion(catalog);
    await search.settled();
  };

  beforeAll(async () => {
    t = await createTestApp();
    await insertGeneratedProducts(t.app.ctx.db, 1500, new Date().toISOString());
    const { db } = t.app.ctx;
    // Ties on every sort key (broken by id), names with LIKE's wildcards, capitals and accents.
    for (const name of ['Tie Mug A', 'Tie Mug B', 'Tie Mug C'])
      await createProduct(db, { name, price_paise: 500_00, rating: 4, num_reviews: 7 });
    for (const name of ['100% Cotton_Scarf', 'ÉCLAIR Tin', 'Straße Map', 'back\\slash Box'])
      await createProduct(db, { name, category: 'fashion' });
    const { user } = await loginAs(t.app);
    ({ id: userId } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow());
    search = createCatalogSearch(db, failOnError, {
      rebuildIntervalMs: 0,
      onBuilt: (built) => builds.push(built),
    });
    await rebuilt();
  });
  afterAll(async () => {
    search.close();
    await t.close();
  });

  const texts = [
    '',
    'steel',
    'STEEL',
    'oak',
    'eel',
    'walnut kettle',
    'ck 1',
    'a',
    'zz',
    'tie mug',
    '%',
    '_',
    '100%',
  ];
  const more = ['cotton_', 'éclair', 'STRASSE', 'straße', 'h\\s', '9', ' 12', 'ludo board 1'];
  const cases = [...texts, ...more].flatMap((q) =>
    (['all', 'electronics', 'fashion', 'games'] as const).flatMap((category) =>
      (['popular', 'htl', 'lth'] as const).map((sort) => ({ q, category, sort })),
    ),
  );

  it('tells the log of the index it built: how many products, how long it took', async () => {
    const { count } = await t.app.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(builds).toEqual([{ products: Number(count), ms: expect.any(Number) }]);
    expect(Number(count)).toBeGreaterThan(1500);
  });

  it('finds, counts and orders every search exactly as the database does', async () => {
    for (const base of cases) {
      for (const [page, limit] of [
        [1, 24],
        [2, 24],
        [3, 7],
        [60, 24],
      ] as const) {
        const query = { ...base, page, limit };
        const expected = await fromDatabase(query);
        const found = await fromIndex(query);
        expect(found.foundBy, JSON.stringify(query)).toBe('index');
        // The very text the database's answer gives (shelf.ts writes it byte by byte).
        expect(found.text, JSON.stringify(query)).toBe(expected.text);
      }
    }
  });

  it('answers whole products, current stock and the cart line count from an index page', async () => {
    const row = await createProduct(t.app.ctx.db, { name: 'Heron Index Lamp', count_in_stock: 3 });
    await addCartLine(t.app.ctx.db, userId, row.id, 2);
    await rebuilt();
    const query = { q: 'heron index', page: 1, limit: 24 };
    const found = await fromIndex(query);
    expect(found.foundBy).toBe('index');
    expect(found).toEqual({ ...(await fromDatabase(query)), foundBy: 'index' });
    expect(found.products).toMatchObject([{ _id: row.id, name: 'Heron Index Lamp', countInStock: 3 }]);
    expect(found.cartLines).toBe(1);
  });

  it('shows the stock bought since the index was built, reading only that', async () => {
    const { db } = t.app.ctx;
    const rows = await createProducts(db, 3, (i) => ({
      name: `Plover Known Jug ${i}`,
      price_paise: (i + 1) * 100_00,
      count_in_stock: 5,
    }));
    await rebuilt();
    const popular = { q: 'plover known', page: 1, limit: 24 };
    expect(await fromIndex(popular)).toMatchObject({ foundBy: 'index', total: 3 });
    const stockOf = (answer: Awaited<ReturnType<typeof fromIndex>>) =>
      answer.products.map((p) => [p._id, p.countInStock]);

    // A purchase moves the stock, not the catalog version: the next page reads the stock of its products.
    await db.updateTable('products').set({ count_in_stock: 1 }).where('id', '=', rows[1]!.id).execute();
    const byPrice = { ...popular, sort: 'htl' as const };
    const bought = await fromIndex(byPrice);
    expect(bought.foundBy).toBe('index, stock read');
    expect(stockOf(bought)).toEqual([
      [rows[2]!.id, 5],
      [rows[1]!.id, 1],
      [rows[0]!.id, 5],
    ]);
    expect(bought).toEqual({ ...(await fromDatabase(byPrice)), foundBy: bought.foundBy });
    // Those products' stock is now known at the new stock version: another page of them reads nothing.
    const later = await fromIndex({ ...popular, sort: 'lth', limit: 2 });
    expect(later.foundBy).toBe('index');
    expect(stockOf(later)).toEqual([
      [rows[0]!.id, 5],
      [rows[1]!.id, 1],
    ]);

    // Sold out, then restocked: each page shows the stock of its moment.
    await db.updateTable('products').set({ count_in_stock: 0 }).where('id', '=', rows[0]!.id).execute();
    expect(stockOf(await fromIndex({ ...popular, sort: 'lth', limit: 1 }))).toEqual([[rows[0]!.id, 0]]);
    await db.updateTable('products').set({ count_in_stock: 9 }).where('id', '=', rows[0]!.id).execute();
    expect(stockOf(await fromIndex({ ...popular, sort: 'lth', limit: 1 }))).toEqual([[rows[0]!.id, 9]]);

    // A rename moves the catalog version: nothing read before it is shown after it.
    await db
      .updateTable('products')
      .set({ name: 'Plover Known Vase' })
      .where('id', '=', rows[0]!.id)
      .execute();
    await rebuilt();
    const renamed = await fromIndex({ ...popular, sort: 'lth', limit: 1 });
    expect(renamed).toMatchObject({
      foundBy: 'index',
      products: [{ _id: rows[0]!.id, name: 'Plover Known Vase', countInStock: 9 }],
    });
  });

  it('does not show a page of products no one asked for from an index older than the catalog', async () => {
    const { db } = t.app.ctx;
    const [first, second] = await createProducts(db, 2, (i) => ({ name: `Merlin Stale Cup ${i}` }));
    await rebuilt();
    // Renamed out of the search after the index was built: the index would still list it.
    await db
      .updateTable('products')
      .set({ name: 'Merlin Fresh Bowl', name_search: 'merlin fresh bowl' })
      .where('id', '=', first!.id)
      .execute();
    const query = { q: 'merlin stale', page: 1, limit: 24 };
    expect(await withIndexHeld(query)).toMatchObject({
      foundBy: 'database',
      total: 1,
      products: [{ _id: second!.id, name: 'Merlin Stale Cup 1' }],
    });
    // The answer saw the newer version and started the rebuild.
    await search.settled();
    expect(await fromIndex(query)).toMatchObject({
      foundBy: 'index',
      total: 1,
      products: [{ _id: second!.id }],
    });
  });

  it('is not used once the catalog has changed, until it is rebuilt', async () => {
    const query = { q: 'kestrel index', page: 1, limit: 24 };
    expect(await fromIndex(query)).toMatchObject({ foundBy: expect.stringMatching(/^index/), total: 0 });
    const built = search.latest();
    const row = await createProduct(t.app.ctx.db, { name: 'Kestrel Index Kettle' });
    // The stale index would say "none"; the database is asked instead.
    const stale = await withIndexHeld(query);
    expect(stale).toMatchObject({ foundBy: 'database', total: 1, products: [{ _id: row.id }] });
    await search.settled();
    expect(search.latest()).not.toBe(built);
    expect(await fromIndex(query)).toMatchObject({ foundBy: 'index', total: 1, products: [{ _id: row.id }] });
  });
});
