import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { addCartLine, createProduct } from '../helpers/products.js';
import { racingHandle } from '../helpers/racing.js';
import { loginAs } from '../helpers/users.js';
import type { Db } from '../../src/db/index.js';
import { foldStockChanges, readVersionsAndCart } from '../../src/modules/products/catalog-versions.js';
import { listProducts, type CatalogPage } from '../../src/modules/products/list.js';
import { createPageCache } from '../../src/modules/products/page-cache.js';
import { createCatalogSearch } from '../../src/modules/products/search-index.js';

/**
 * Cached pages are served only while the stock version has not moved, so it
 * must move with every committed stock change, on both databases. It moves with reviews and orders
 * too (migration 0012, for product pages: product-page-cache.test.ts), and
 * with nothing else.
 */
describe(`the stock version (${testDbKind})`, () => {
  let t: TestApp;
  let userId: string;
  const head = () => readVersionsAndCart(t.app.ctx.db, userId);
  const setStock = (id: string, count: number) =>
    t.app.ctx.db.updateTable('products').set({ count_in_stock: count }).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await createTestApp();
    const { user } = await loginAs(t.app);
    ({ id: userId } = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow());
  });
  afterAll(() => t.close());

  it('moves on with every stock change, and not with product or cart writes', async () => {
    const { db } = t.app.ctx;
    const row = await createProduct(db, { name: 'Godwit Stock Tin', count_in_stock: 5 });
    const before = await head();
    expect(before.stock).toMatch(/^\d+$/);

    await db.updateTable('products').set({ price_paise: 250_00 }).where('id', '=', row.id).execute();
    const repriced = await head();
    expect(repriced.catalog).not.toBe(before.catalog);
    expect(repriced.stock).toBe(before.stock);

    await addCartLine(db, userId, row.id);
    expect(await head()).toEqual({ ...repriced, cartLines: repriced.cartLines + 1 });

    await setStock(row.id, 4);
    const bought = await head();
    expect(Number(bought.stock)).toBeGreaterThan(Number(before.stock));
    expect(bought.catalog).toBe(repriced.catalog);
    await setStock(row.id, 3);
    expect(Number((await head()).stock)).toBeGreaterThan(Number(bought.stock));
  });

  it('does not move for a stock change rolled back', async () => {
    const row = await createProduct(t.app.ctx.db, { name: 'Godwit Rolled Tin', count_in_stock: 5 });
    const before = await head();
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ count_in_stock: 1 }).where('id', '=', row.id).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await head()).toEqual(before);
  });

  it('keeps its number when the changes are folded, and moves on after', async () => {
    const row = await createProduct(t.app.ctx.db, { name: 'Godwit Folded Tin', count_in_stock: 5 });
    for (const count of [4, 3, 2]) await setStock(row.id, count);
    const before = await head();
    // Two instances folding at once.
    await Promise.all([
      foldStockChanges(t.app.ctx.db, t.app.ctx.dbKind),
      foldStockChanges(t.app.ctx.db, t.app.ctx.dbKind),
    ]);
    expect(await head()).toEqual(before);
    await setStock(row.id, 1);
    expect(Number((await head()).stock)).toBeGreaterThan(Number(before.stock));
  });

  it('files a page under the versions read before its stock, so a purchase in between shows next time', async () => {
    const { db, dbKind } = t.app.ctx;
    const row = await createProduct(db, { name: 'Godwit Racing Tin', count_in_stock: 5 });
    // Pages only (no search index), with a cache shared by the requests below.
    const noIndex = createCatalogSearch(db, (error) => expect.fail(String(error)), { mode: 'off' });
    const cache = createPageCache<CatalogPage>('every-page');
    const query = { q: 'godwit racing', page: 1, limit: 24 };
    const stockShown = async (on: Db) => {
      const { products } = await listProducts(on, dbKind, { cache, search: noIndex }, query, userId);
      return products[0]?.countInStock;
    };
    expect(await stockShown(db)).toBe(5);
    await setStock(row.id, 4);

    // Another instance's purchase commits just after this request's first read.
    const race = racingHandle(db, t.database, (otherInstance) =>
      otherInstance.updateTable('products').set({ count_in_stock: 3 }).where('id', '=', row.id).execute(),
    );
    try {
      await stockShown(race.db);
    } finally {
      await race.close();
    }
    expect(race.raced()).toBe(true);
    expect(await stockShown(db)).toBe(3);
  });

  if (testDbKind === 'postgres')
    it('counts a change only once it is committed, and folds every row into the base', async () => {
      const { db } = t.app.ctx;
      const row = await createProduct(db, { name: 'Godwit Pending Tin', count_in_stock: 5 });
      const before = await head();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ count_in_stock: 1 }).where('id', '=', row.id).execute();
        // Another connection of the pool: the change is not committed yet.
        expect(await head()).toEqual(before);
      });
      const committed = await head();
      expect(Number(committed.stock)).toBe(Number(before.stock) + 1);

      await foldStockChanges(db, t.app.ctx.dbKind);
      const { rows } = await sql<{ rows: string }>`select count(*) as rows from stock_changes`.execute(db);
      expect(Number(rows[0]?.rows)).toBe(0);
      expect(await head()).toEqual(committed);
    });
});
