import type { ProductQuery } from '@shop/shared';
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

  /** The answer listProducts gives with this search and an empty page cache. */
  const answerWith = (catalogSearch: CatalogSearch, query: ProductQuery) => {
    const cache = createListCache(() => Date.now());
    return listProducts(t.app.ctx.db, t.app.ctx.dbKind, { cache, search: catalogSearch }, query, userId);
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
        // Other sorts and categories of the same words show products read before.
        expect(found.foundBy, JSON.stringify(query)).toMatch(/^index/);
        expect({ total: found.total, products: found.products }, JSON.stringify(query)).toEqual({
          total: expected.total,
          products: expected.products,
        });
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

  it('answers a new page of products read before from memory, with the stock bought since', async () => {
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

    // The same products by price: a page no one asked for, every product on it read before.
    const byPrice = { ...popular, sort: 'lth' as const };
    const known = await fromIndex(byPrice);
    expect(known.foundBy).toBe('index, products known');
    expect(known).toEqual({ ...(await fromDatabase(byPrice)), foundBy: known.foundBy });

    // A purchase moves the stock, not the catalog version: the next new page shows it.
    await db.updateTable('products').set({ count_in_stock: 1 }).where('id', '=', rows[1]!.id).execute();
    const bought = await fromIndex({ ...popular, sort: 'htl' });
    expect(bought.foundBy).toBe('index, products known');
    expect(stockOf(bought)).toEqual([
      [rows[2]!.id, 5],
      [rows[1]!.id, 1],
      [rows[0]!.id, 5],
    ]);
    const later = await fromIndex({ ...byPrice, limit: 2 });
    expect(later.foundBy).toBe('index, products known');
    expect(stockOf(later)).toEqual([
      [rows[0]!.id, 5],
      [rows[1]!.id, 1],
    ]);

    // A rename moves the catalog version: nothing read before it is shown after it.
    await db
      .updateTable('products')
      .set({ name: 'Plover Known Vase' })
      .where('id', '=', rows[0]!.id)
      .execute();
    await rebuilt();
    const renamed = await fromIndex({ ...byPrice, limit: 1 });
    expect(renamed).toMatchObject({
      foundBy: 'index',
      products: [{ _id: rows[0]!.id, name: 'Plover Known Vase' }],
    });
  });

  it('reads only the rows of a new page that no page before showed, with the stock of the rest as it is now', async () => {
    const { db } = t.app.ctx;
    const rows = await createProducts(db, 5, (i) => ({
      name: `Godwit Part Bowl ${i}`,
      price_paise: (i + 1) * 100_00,
      count_in_stock: 5,
    }));
    await rebuilt();
    const byPrice = { q: 'godwit part', sort: 'lth' as const, page: 1 };
    const ids = (answer: Awaited<ReturnType<typeof fromIndex>>) => answer.products.map((p) => p._id);
    expect(await fromIndex({ ...byPrice, limit: 2 })).toMatchObject({ foundBy: 'index', total: 5 });

    // Two products the first page showed, one read now.
    const three = await fromIndex({ ...byPrice, limit: 3 });
    expect(three.foundBy).toBe('index, some products known');
    expect(three).toEqual({ ...(await fromDatabase({ ...byPrice, limit: 3 })), foundBy: three.foundBy });
    expect(ids(three)).toEqual(rows.slice(0, 3).map((r) => r.id));

    // Bought since: a known product is shown with the stock it has now, on either database.
    await db.updateTable('products').set({ count_in_stock: 1 }).where('id', '=', rows[1]!.id).execute();
    const highToLow = { ...byPrice, sort: 'htl' as const, limit: 4 };
    const later = await fromIndex(highToLow);
    expect(later.foundBy).toMatch(/^index/);
    expect(later).toEqual({ ...(await fromDatabase(highToLow)), foundBy: later.foundBy });
    expect(later.products.map((p) => [p._id, p.countInStock])).toEqual([
      [rows[4]!.id, 5],
      [rows[3]!.id, 5],
      [rows[2]!.id, 5],
      [rows[1]!.id, 1],
    ]);
    expect(await fromIndex({ ...byPrice, limit: 5 })).toMatchObject({
      foundBy: 'index, products known',
      products: [{ countInStock: 5 }, { countInStock: 1 }, {}, {}, {}],
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
