import { CATEGORIES, type Product } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import {
  PRODUCT_FIELDS,
  productColumns,
  STOCK_COLUMN,
  toProduct,
  UNSHOWN_COLUMNS,
} from '../../src/modules/products/product-fields.js';
import { catalogPathsOf, createTestApp, secondInstance, type TestApp } from '../helpers/app.js';
import { addToCart, cartOf, customer } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, listOf, productOf, productRow, uniqueTag } from '../helpers/products.js';

/** A different value of the same kind, valid for the API: what an operator's SQL might set. */
function changed(column: string, value: unknown): unknown {
  if (column === PRODUCT_FIELDS.category)
    return CATEGORIES.find((category) => category !== value) ?? CATEGORIES[0];
  // A nullable number column (the GST rate) gets a number: its API field is one.
  if (value === null || value === undefined) return column === PRODUCT_FIELDS.gstRate ? 18 : 'changed';
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value) + 1;
  if (typeof value === 'string' && value !== '' && !Number.isNaN(Number(value))) return Number(value) + 1;
  return `${String(value)} changed`;
}

/**
 * The field list (product-fields.ts) drives everything that reads or keeps a
 * product. Every column of `products` is either shown or named as not shown;
 * and each shown column but the stock and the id, changed by SQL (as an
 * operator, a script or another instance would), shows its new value at the
 * next request on every path a product is shown by: the catalog page from the
 * search index and from the database, cached and not, the product page cached
 * and not, and the cart.
 */
describe(`the product field list (${testDbKind})`, () => {
  let t: TestApp;
  const apps: { name: string; app: App }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    apps.push({ name: 'the app as the tests run it', app: t.app });
    for (const paths of ['index,cached', 'index,uncached', 'database,cached', 'database,uncached'])
      apps.push({ name: paths, app: await secondInstance(t, catalogPathsOf(paths)) });
  });
  afterAll(async () => {
    for (const { app } of apps.slice(1)) await app.close();
    await t.close();
  });

  it('names every column of products as shown or not shown', async () => {
    const tables = await t.app.ctx.db.introspection.getTables();
    const columns = tables.find((table) => table.name === 'products')!.columns.map((column) => column.name);
    expect([...columns].sort()).toEqual([...productColumns, ...UNSHOWN_COLUMNS].sort());
  });

  const changedColumns = productColumns.filter((column) => column !== STOCK_COLUMN && column !== 'id');

  it.each(changedColumns)('shows %s changed by SQL on every path at the next request', async (column) => {
    const { db } = t.app.ctx;
    const tag = uniqueTag();
    const row = await createProduct(db, { name: `Sandpiper ${tag} Jar`, count_in_stock: 4 });
    const shopper = await customer(t.app);
    await addToCart(t.app, shopper.sid, row.id, 1);
    const shown = async (app: App) => {
      const [listed] = (await listOf(app, shopper.sid, { q: tag, page: 1, limit: 24 })).products;
      const { reviews: _reviews, ...page } = (await productOf(app, shopper.sid, row.id)).product;
      const [line] = (await cartOf(app, shopper.sid)).cartProducts;
      return { listed, page, inCart: line?.product };
    };
    const expectShown = async (product: Product) => {
      for (const { name, app } of apps)
        expect(await shown(app), `${column} on ${name}`).toEqual({
          listed: product,
          page: product,
          inCart: product,
        });
    };
    // Each path has answered, and kept, what it shows before the change.
    await expectShown(toProduct(await productRow(db, row.id)));
    const before = (await productRow(db, row.id))[column as keyof Awaited<ReturnType<typeof productRow>>];
    await sql`update products set ${sql.ref(column)} = ${changed(column, before)} where id = ${row.id}`.execute(
      db,
    );
    const after = toProduct(await productRow(db, row.id));
    expect(after, column).not.toEqual(toProduct({ ...(await productRow(db, row.id)), [column]: before }));
    await expectShown(after);
  });
});
