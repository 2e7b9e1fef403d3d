import type { ProductQuery } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { addCartLine, createProduct, createProducts } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';
import { insertGeneratedProducts } from '../../src/modules/products/generated-catalog.js';
import { listProducts } from '../../src/modules/products/list.js';
import { createPageCache } from '../../src/modules/products/page-cache.js';
import {
  buildSearchIndex,
  createCatalogSearch,
  type CatalogSearch,
} from '../../src/modules/products/search-index.js';

/**
 * The in-process search index must find, count and order exactly what the
 * database does, for every kind of search, filter, sort and page; and it must
 * never answer for a catalog that has changed since it was built.
 */
describe(`the in-process search index (${testDbKind})`, () => {
  let t: TestApp;
  let userId: string;
  /** Built for the version each answer reads, before it answers. */
  let search: CatalogSearch;
  /** Built once, then rebuilt only when the test says: what a busy instance has between rebuilds. */
  let background: CatalogSearch;
  const builds: { products: number; ms: number }[] = [];
  const failOnError = (error: unknown) => expect.fail(String(error));

  /** The answer listProducts gives with this search and no page cache. */
  const answerWith = (catalogSearch: CatalogSearch, query: ProductQuery) =>
    listProducts(
      t.app.ctx.db,
      t.app.ctx.dbKind,
      { cache: createPageCache('off'), search: catalogSearch },
      query,
      userId,
    );
  const noIndex = () => createCatalogSearch(t.app.ctx.db, failOnError, { mode: 'off' });
  /** The answer the database gives, with no cache and no index. */
  const fromDatabase = (query: ProductQuery) => answerWith(noIndex(), query);
  const fromIndex = (query: ProductQuery) => answerWith(search, query);
  const catalogVersion = async () =>
    (
      await t.app.ctx.db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', 'catalog_version')
        .executeTakeFirstOrThrow()
    ).value;

  beforeAll(async () => {
    t = await createTestApp();
    await insertGeneratedProducts(t.app.ctx.db, 1500, new Date().toISOString());
    const { db } = t.app.ctx;
    // Ties on every sort key (broken by id), names with LIKE's wildcards, capitals and accents.
    for (const name of ['Tie Mug A', 'Tie Mug B', 'Tie Mug C'])
      await createProduct(db, { name, price_paise: 500_00, rating: 4, num_reviews: 7 });
    // Names in Hindi and with an emoji: the index matches UTF-8 bytes, the database characters. The
    // long one has its last words past the 255th byte, where the index no longer notes a piece's place.
    for (const name of [
      '100% Cotton_Scarf',
      'ÉCLAIR Tin',
      'Straße Map',
      'back\\slash Box',
      'पीतल का दीया',
      '🎲 Dice Cup',
      `${'हाथ से बना '.repeat(9)}पीतल का लोटा`,
    ])
      await createProduct(db, { name, category: 'fashion' });
    // 'abab': each of its pieces is first in these names where the text is not.
    for (const name of ['Ab Ba Aba Bab Abab', 'Aba Bab Ab'])
      await createProduct(db, { name, category: 'games' });
    // The first four in popular order, each name's end next to the next one's start: 'abcd' and 'xabc'
    // are found by the piece 'abc', and where they would be is partly in a neighbouring name.
    for (const [name, num_reviews] of [
      ['Qx Fabc', 1000],
      ['D Qx Lamp', 999],
      ['Wax Box', 998],
      ['Abc Jar', 997],
    ] as const)
      await createProduct(db, { name, rating: 5, num_reviews });
    for (const name of ['Xbcd One', 'Ybcd Two', 'Zbcd Three', 'Xab One', 'Xab Two', 'Xab Three'])
      await createProduct(db, { name });
    const { user } = await loginAs(t.app);
    ({ id: userId } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow());
    search = createCatalogSearch(db, failOnError, {
      mode: 'built',
      onBuilt: (built) => builds.push(built),
    });
    await search.at(await catalogVersion());
    background = createCatalogSearch(db, failOnError, { rebuildIntervalMs: 3_600_000 });
  });
  afterAll(async () => {
    search.close();
    background.close();
    await background.settled();
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
  const more = [
    'cotton_',
    'éclair',
    'STRASSE',
    'straße',
    'h\\s',
    '9',
    ' 12',
    'ludo board 1',
    'abab',
    'bab a',
    'abcd',
    'xabc',
    'पीतल',
    'ल',
    'ल क',
    'ीया',
    '🎲',
    '🎲 d',
    'é',
    'ß',
    'का लोटा',
  ];
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
        expect(found, JSON.stringify(query)).toEqual({ ...expected, foundBy: 'index' });
      }
    }
    // Two thousand answers, each asked twice: more than the default budget on a busy machine.
  }, 180_000);

  it('answers whole products, current stock and the cart line count from an index page', async () => {
    const row = await createProduct(t.app.ctx.db, { name: 'Heron Index Lamp', count_in_stock: 3 });
    await addCartLine(t.app.ctx.db, userId, row.id, 2);
    const query = { q: 'heron index', page: 1, limit: 24 };
    const found = await fromIndex(query);
    expect(found).toEqual({ ...(await fromDatabase(query)), foundBy: 'index' });
    expect(found.products).toMatchObject([{ _id: row.id, name: 'Heron Index Lamp', countInStock: 3 }]);
    expect(found.userCartQuantity).toBe(1);
  });

  it('shows the stock bought since the index was built: a purchase does not need a rebuild', async () => {
    const { db } = t.app.ctx;
    const rows = await createProducts(db, 2, (i) => ({
      name: `Plover Known Jug ${i}`,
      price_paise: (i + 1) * 100_00,
      count_in_stock: 5,
    }));
    const query = { q: 'plover known', page: 1, limit: 24, sort: 'lth' as const };
    await fromIndex(query);
    const built = search.latest();
    await db.updateTable('products').set({ count_in_stock: 1 }).where('id', '=', rows[1]!.id).execute();
    const bought = await fromIndex(query);
    expect(search.latest()).toBe(built);
    expect(bought.foundBy).toBe('index');
    expect(bought.products.map((p) => p.countInStock)).toEqual([5, 1]);
  });

  it('is not used once the catalog has changed, until it is rebuilt', async () => {
    const query = { q: 'kestrel index', page: 1, limit: 24 };
    await background.at(await catalogVersion());
    await background.settled();
    expect(await answerWith(background, query)).toMatchObject({ foundBy: 'index', total: 0 });
    const row = await createProduct(t.app.ctx.db, { name: 'Kestrel Index Kettle' });
    // The index built before would say "none"; the database is asked instead.
    expect(await answerWith(background, query)).toMatchObject({
      foundBy: 'database',
      total: 1,
      products: [{ _id: row.id }],
    });
  });

  it('does not list a product renamed out of a search after it was built', async () => {
    const { db } = t.app.ctx;
    const [first, second] = await createProducts(db, 2, (i) => ({ name: `Merlin Stale Cup ${i}` }));
    const query = { q: 'merlin stale', page: 1, limit: 24 };
    expect((await fromIndex(query)).total).toBe(2);
    await db
      .updateTable('products')
      .set({ name: 'Merlin Fresh Bowl', name_search: 'merlin fresh bowl' })
      .where('id', '=', first!.id)
      .execute();
    expect(await fromIndex(query)).toMatchObject({
      foundBy: 'index',
      total: 1,
      products: [{ _id: second!.id, name: 'Merlin Stale Cup 1' }],
    });
  });

  it('builds no index from a catalog that changed while it was read', async () => {
    const { db } = t.app.ctx;
    const renamed = await createProduct(db, { name: 'Osprey Moving Lamp' });
    // Another process renames a product just after the first rows are read.
    const other = createDb({ databaseUrl: t.database.databaseUrl, dataDir: t.database.dataDir }).db;
    let changed = false;
    const changing = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async ({ result }) => {
        if (!changed && result.rows[0] && 'name_search' in result.rows[0]) {
          changed = true;
          await other
            .updateTable('products')
            .set({ name: 'Osprey Still Lamp', name_search: 'osprey still lamp' })
            .where('id', '=', renamed.id)
            .execute();
        }
        return result;
      },
    });
    const built = await buildSearchIndex(changing).finally(() => other.destroy());
    expect(changed).toBe(true);
    expect(built).toBeUndefined();
    // Read again, unchanged: an index at the version now current.
    expect(await buildSearchIndex(db)).toMatchObject({ version: await catalogVersion() });
  });
});
