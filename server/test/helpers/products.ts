import { randomBytes } from 'node:crypto';
import type { Category, ProductAnswer, ProductList } from '@shop/shared';
import type { Insertable } from 'kysely';
import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/index.js';
import type { ProductsTable } from '../../src/db/schema.js';
import { newId } from '../../src/lib/tokens.js';

let counter = 0;

/** A word no other product in the file carries: search by it to see only a test's own rows. */
export function uniqueTag(): string {
  return `t${randomBytes(4).toString('hex')}`;
}

export type ProductRowInput = Partial<Omit<Insertable<ProductsTable>, 'name_search'>> & {
  category?: Category;
};

/**
 * Factory: inserts a product row directly (no admin API needed), with a unique
 * name and name_search kept the way the app keeps it. Prices are paise.
 */
export async function createProduct(db: Db, overrides: ProductRowInput = {}) {
  counter += 1;
  const name = overrides.name ?? `Test Product ${counter} ${uniqueTag()}`;
  const row = {
    id: newId(),
    category: 'electronics',
    price_paise: 100_00,
    count_in_stock: 10,
    image: '/images/products/test.svg',
    description: 'A product made for a test.',
    created_at: new Date().toISOString(),
    ...overrides,
    name,
    name_search: name.toLowerCase(),
  };
  await db.insertInto('products').values(row).execute();
  return row;
}

export async function createProducts(db: Db, count: number, overrides: (i: number) => ProductRowInput) {
  const rows = [];
  for (let i = 0; i < count; i += 1) rows.push(await createProduct(db, overrides(i)));
  return rows;
}

/** A cart line straight into the table the product list counts. */
export function addCartLine(db: Db, userId: string, productId: string, quantity = 1) {
  return db
    .insertInto('cart_lines')
    .values({ user_id: userId, product_id: productId, quantity, added_at: new Date().toISOString() })
    .execute();
}

export function getProducts(app: App, sid: string | undefined, query: Record<string, string | number> = {}) {
  const pairs = Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]);
  const params = new URLSearchParams(pairs).toString();
  const search = params ? `?${params}` : '';
  return app.inject({
    method: 'GET',
    url: `/api/get-products${search}`,
    ...(sid === undefined ? {} : { cookies: { sid } }),
  });
}

/** The list answer of a request that must succeed. */
export async function listOf(app: App, sid: string, query: Record<string, string | number> = {}) {
  const res = await getProducts(app, sid, query);
  if (res.statusCode !== 200) throw new Error(`get-products failed: ${res.statusCode} ${res.body}`);
  return res.json() as ProductList;
}

/** `id` goes into the path as given: callers encode what needs encoding. */
export function getProduct(app: App, sid: string | undefined, id: string) {
  return app.inject({
    method: 'GET',
    url: `/api/get-product/${id}`,
    ...(sid === undefined ? {} : { cookies: { sid } }),
  });
}

export async function productOf(app: App, sid: string, id: string) {
  const res = await getProduct(app, sid, encodeURIComponent(id));
  if (res.statusCode !== 200) throw new Error(`get-product failed: ${res.statusCode} ${res.body}`);
  return res.json() as ProductAnswer;
}

export function postReview(app: App, sid: string | undefined, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/user/review',
    payload,
    ...(sid === undefined ? {} : { cookies: { sid } }),
  });
}

export function reviewRows(db: Db, productId: string) {
  return db.selectFrom('reviews').selectAll().where('product_id', '=', productId).execute();
}

export function productRow(db: Db, id: string) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
