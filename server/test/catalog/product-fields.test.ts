import { CATEGORIES, type Product } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import {
  PRODUCT_FIELDS,
  productColumns,
  SEARCHED_COLUMN,
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
  // Numbers move far enough to pass the other product of the test's search in every order.
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value) + 100;
  if (typeof value === 'string' && value !== '' && !Number.isNaN(Number(value))) return Number(value) + 100;
  return `${String(value)} changed`;
}

/**
 * The field list (product-fields.ts) drives everything that reads or keeps a
 * product. Every column of `products` is either shown or named as not shown;
 * and each shown column but the stock and the id, and the searched text,
 * changed by SQL (as an operator, a script or another instance would), shows
 * its new value at the next request on every path a product is shown by: the
 * catalog page from the search index and from the database, cached and not,
 * the product page cached and not, and the cart; and every path finds, filters
 * and orders the catalog's searches as the database does.
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

  // The searched column too: a search must find a product by its searched text as stored now.
  const changedColumns = [
    ...productColumns.filter((column) => column !== STOCK_COLUMN && column !== 'id'),
    SEARCHED_COLUMN,
  ];
  const SORTS = ['popular', 'htl', 'lth'] as const;

  it.each(changedColumns)(
    'shows %s changed by SQL on every path at the next request, found, filtered and ordered as the database does',
    async (column) => {
      const { db } = t.app.ctx;
      const tag = uniqueTag();
      const row = await createProduct(db, {
        name: `Sandpiper ${tag} Jar`,
        count_in_stock: 4,
        price_paise: 500_00,
        rating: 3,
        num_reviews: 5,
      });
      // A second product of the same search, next to it in every order, so that a changed sort
      // key moves the first past it.
      await createProduct(db, {
        name: `Sandpiper ${tag} Jar Two`,
        price_paise: 500_50,
        rating: 3,
        num_reviews: 50,
      });
      const shopper = await customer(t.app);
      await addToCart(t.app, shopper.sid, row.id, 1);
      const shown = async (app: App) => {
        const listed = (await listOf(app, shopper.sid, { q: tag, page: 1, limit: 24 })).products;
        const { reviews: _reviews, ...page } = (await productOf(app, shopper.sid, row.id)).product;
        const [line] = (await cartOf(app, shopper.sid)).cartProducts;
        return { listed: listed.find((product) => product._id === row.id), page, inCart: line?.product };
      };
      // Each search's pages in every order, filtered by the product's category as it is.
      const searches = (app: App, category: string) =>
        Promise.all(
          [tag, `${tag} jar changed`].flatMap((q) =>
            SORTS.map(async (sort) => {
              const query = { q, category, sort, page: 1, limit: 24 };
              return (await listOf(app, shopper.sid, query)).products.map((product) => product._id);
            }),
          ),
        );
      const database = apps.find(({ name }) => name === 'database,uncached')!.app;
      const expectShown = async (product: Product) => {
        const found = await searches(database, product.category);
        expect(found[0], `${column}: the database finds it`).toContain(row.id);
        for (const { name, app } of apps) {
          expect(await shown(app), `${column} on ${name}`).toEqual({
            listed: product,
            page: product,
            inCart: product,
          });
          expect(await searches(app, product.category), `${column} searched on ${name}`).toEqual(found);
        }
      };
      // Each path has answered, and kept, what it shows before the change.
      await expectShown(toProduct(await productRow(db, row.id)));
      const [before] = await sql<Record<string, unknown>>`select ${sql.ref(column)} as value from products
        where id = ${row.id}`
        .execute(db)
        .then((result) => result.rows.map((r) => r.value));
      await sql`update products set ${sql.ref(column)} = ${changed(column, before)} where id = ${row.id}`.execute(
        db,
      );
      const [after] = await sql<Record<string, unknown>>`select ${sql.ref(column)} as value from products
        where id = ${row.id}`
        .execute(db)
        .then((result) => result.rows.map((r) => r.value));
      expect(after, column).not.toEqual(before);
      const now = toProduct(await productRow(db, row.id));
      await expectShown(now);
      if (column === SEARCHED_COLUMN) {
        const [, , , byChangedText] = await searches(database, now.category);
        expect(byChangedText, 'the database finds the changed searched text').toEqual([row.id]);
      }
    },
  );
});
