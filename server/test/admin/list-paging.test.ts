import {
  ADMIN_PAGE_SIZE,
  MAX_UNPAGED_ADMIN_ROWS,
  messages,
  type AdminOrder,
  type AdminUser,
  type Product,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loggedIn, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, validShipping } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { insertGeneratedProducts } from '../../src/modules/products/generated-catalog.js';
import { createProduct, createProducts, uniqueTag } from '../helpers/products.js';
import { newCustomer } from '../helpers/users.js';

/** The admin lists, paged on the server: the answer stays a list, the total comes in X-Total-Count. */
describe(`admin lists in pages (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  beforeAll(async () => {
    t = await createTestApp();
    sid = (await loginAsAdmin(t.app)).sid;
  });
  afterAll(() => t.close());

  async function list<T>(path: string) {
    const res = await call(t.app, 'GET', path, sid);
    expect(res.statusCode, res.body).toBe(200);
    const total = res.headers['x-total-count'];
    return { items: res.json() as T[], total: total === undefined ? undefined : Number(total) };
  }
  const ids = (items: { _id: string }[]) => items.map((item) => item._id);

  it('pages the products newest first; the pages are the whole list cut up, and the total counts them all', async () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    await createProducts(t.app.ctx.db, ADMIN_PAGE_SIZE + 5, (i) => ({
      created_at: new Date(start + i * 60_000).toISOString(),
    }));
    const whole = await list<Product>('/api/getAllProducts');
    // Without page or limit: the spec's answer, every product (up to MAX_UNPAGED_ADMIN_ROWS).
    expect(whole.items).toHaveLength(ADMIN_PAGE_SIZE + 5);
    expect(whole.total).toBe(ADMIN_PAGE_SIZE + 5);
    const count = whole.items.length;

    const first = await list<Product>('/api/getAllProducts?page=1');
    expect(first.total).toBe(count);
    expect(ids(first.items)).toEqual(ids(whole.items).slice(0, ADMIN_PAGE_SIZE));
    const second = await list<Product>('/api/getAllProducts?page=2');
    expect(ids(second.items)).toEqual(ids(whole.items).slice(ADMIN_PAGE_SIZE));

    const small = await list<Product>('/api/getAllProducts?page=3&limit=7');
    expect(ids(small.items)).toEqual(ids(whole.items).slice(14, 21));
    expect(small.items[0]).toEqual(whole.items[14]);
    const limitOnly = await list<Product>('/api/getAllProducts?limit=2');
    expect(ids(limitOnly.items)).toEqual(ids(whole.items).slice(0, 2));

    const pastTheEnd = await list<Product>('/api/getAllProducts?page=9');
    expect(pastTheEnd).toEqual({ items: [], total: count });
  });

  it('searches the products by a piece of the name, any case, or by the exact id; the total counts the matches', async () => {
    const tag = uniqueTag();
    const lamps = await createProducts(t.app.ctx.db, 3, (i) => ({
      name: `Desk Lamp ${tag} ${i}`,
      created_at: new Date(Date.parse('2026-02-01T00:00:00Z') + i * 1000).toISOString(),
    }));
    const percent = await createProduct(t.app.ctx.db, { name: `Sale 50% off ${tag}` });
    await createProduct(t.app.ctx.db, { name: `Sale 50 pieces ${tag}` });

    const byName = await list<Product>(`/api/getAllProducts?q=${tag.toUpperCase()}%20${0}&page=1`);
    expect(ids(byName.items)).toEqual([lamps[0]!.id]);
    expect(byName.total).toBe(1);

    const allLamps = await list<Product>(`/api/getAllProducts?q=lamp%20${tag}&page=1&limit=2`);
    expect(allLamps.total).toBe(3);
    expect(ids(allLamps.items)).toEqual([lamps[2]!.id, lamps[1]!.id]);

    // A % is a character to find, not a wildcard.
    expect(ids((await list<Product>(`/api/getAllProducts?q=0%25&page=1`)).items)).toEqual([percent.id]);
    // Two letters: below the trigram index's three, the same answer.
    const short = await list<Product>(`/api/getAllProducts?q=${tag.slice(0, 2)}&page=1&limit=100`);
    expect(ids(short.items)).toEqual(expect.arrayContaining([...lamps.map((l) => l.id), percent.id]));

    const byId = await list<Product>(`/api/getAllProducts?q=${lamps[1]!.id}`);
    expect(ids(byId.items)).toEqual([lamps[1]!.id]);
    expect(await list<Product>(`/api/getAllProducts?q=nothing-${tag}&page=1`)).toEqual({
      items: [],
      total: 0,
    });
  });

  it('pages the users oldest first and searches them by name or email', async () => {
    const tag = uniqueTag();
    const asha = await loggedIn(
      t.app,
      newCustomer({ name: `Asha ${tag}`, email: `asha.${tag}@example.com` }),
    );
    t.clock.advance(1000);
    const ravi = await loggedIn(t.app, newCustomer({ name: `Ravi ${tag}`, email: `ravi.${tag}@shop.test` }));
    const whole = await list<AdminUser>('/api/getAllUsers');
    expect(whole.total).toBe(whole.items.length);

    const page = await list<AdminUser>('/api/getAllUsers?page=2&limit=1');
    expect(page.total).toBe(whole.items.length);
    expect(page.items).toEqual([whole.items[1]]);

    const byName = await list<AdminUser>(`/api/getAllUsers?q=RAVI%20${tag}&page=1`);
    expect(ids(byName.items)).toEqual([ravi.id]);
    const byEmail = await list<AdminUser>(`/api/getAllUsers?q=${tag}%40EXAMPLE&page=1`);
    expect(byEmail).toEqual({
      items: [expect.objectContaining({ _id: asha.id, email: asha.user.email })],
      total: 1,
    });
    const both = await list<AdminUser>(`/api/getAllUsers?q=${tag}&page=1`);
    expect(ids(both.items)).toEqual([asha.id, ravi.id]);
    // Any case beyond A-Z too (SQLite's own lower() folds A-Z only).
    const elodie = await loggedIn(t.app, newCustomer({ name: `Élodie Åström ${tag}` }));
    for (const q of ['élodie åström', 'ÉLODIE ÅSTRÖM', 'åSTRÖM']) {
      const found = await list<AdminUser>(`/api/getAllUsers?q=${encodeURIComponent(q)}%20${tag}&page=1`);
      expect(ids(found.items), q).toEqual([elodie.id]);
    }
    // An _ is a character to find, not "any one character" (both emails have ".tag").
    expect(await list<AdminUser>(`/api/getAllUsers?q=_${tag}&page=1`)).toEqual({ items: [], total: 0 });
    expect(JSON.stringify(both.items)).not.toMatch(/password|hash/i);
  });

  it('pages the orders, newest first, with the status filter, and finds one by its id or the buyer email', async () => {
    const tag = uniqueTag();
    const buyer = await loggedIn(t.app, newCustomer({ email: `buyer.${tag}@example.com` }));
    const bought = [];
    for (let i = 0; i < 3; i += 1) {
      const product = await createProduct(t.app.ctx.db);
      await addToCart(t.app, buyer.sid, product.id, 1);
      bought.push((await buyCart(t.app, buyer.sid, validShipping())).orders[0]!);
      t.clock.advance(60_000);
    }
    const whole = await list<AdminOrder>('/api/admin/orders');
    expect(whole.total).toBe(whole.items.length);
    const page = await list<AdminOrder>('/api/admin/orders?status=placed&page=1&limit=2');
    expect(page.total).toBe(whole.items.filter((o) => !o.isDelivered).length);
    expect(ids(page.items)).toEqual([bought[2]!._id, bought[1]!._id]);
    expect(await list<AdminOrder>('/api/admin/orders?status=delivered&page=1')).toEqual({
      items: [],
      total: 0,
    });

    const byEmail = await list<AdminOrder>(`/api/admin/orders?q=BUYER.${tag}&page=1`);
    expect(byEmail.total).toBe(3);
    expect(ids(byEmail.items)).toEqual(ids([...bought].reverse()));
    expect(byEmail.items[0]!.buyer).toEqual({
      userId: buyer.id,
      name: buyer.user.name,
      email: buyer.user.email,
    });
    const byId = await list<AdminOrder>(`/api/admin/orders?q=${bought[0]!._id}`);
    expect(ids(byId.items)).toEqual([bought[0]!._id]);
  });

  it.each([
    ['page=0', messages.invalidPage],
    ['page=two', messages.invalidPage],
    ['page=1.5', messages.invalidPage],
    ['limit=0', messages.invalidLimit],
    ['limit=101', messages.invalidLimit],
    [`q=${'x'.repeat(101)}`, messages.tooLong('Search', 100)],
  ])('refuses %s on every admin list with 400 and the problem named', async (query, message) => {
    for (const path of ['/api/getAllProducts', '/api/getAllUsers', '/api/admin/orders']) {
      const res = await call(t.app, 'GET', `${path}?${query}`, sid);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toBe(message);
    }
  });

  it('answers a customer asking for a page 403, without any of the list', async () => {
    const shopper = await loggedIn(t.app);
    for (const path of ['/api/getAllProducts', '/api/getAllUsers', '/api/admin/orders']) {
      const res = await call(t.app, 'GET', `${path}?page=1&q=a`, shopper.sid);
      expect(res.statusCode, path).toBe(403);
      expect(res.json(), path).toEqual(messages.adminOnly);
      expect(res.headers['x-total-count'], path).toBeUndefined();
    }
  });
});

describe(`an admin list asked for whole, past ${MAX_UNPAGED_ADMIN_ROWS} rows (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`answers the first ${MAX_UNPAGED_ADMIN_ROWS} in the list's order, and the total of all in X-Total-Count`, async () => {
    await insertGeneratedProducts(t.app.ctx.db, MAX_UNPAGED_ADMIN_ROWS + 3, '2026-01-01T00:00:00.000Z');
    const newest = await createProduct(t.app.ctx.db, { created_at: '2026-06-01T00:00:00.000Z' });
    const { sid } = await loginAsAdmin(t.app);
    const res = await call(t.app, 'GET', '/api/getAllProducts', sid);
    expect(res.statusCode).toBe(200);
    const products = res.json() as Product[];
    expect(products).toHaveLength(MAX_UNPAGED_ADMIN_ROWS);
    expect(products[0]!._id).toBe(newest.id);
    expect(res.headers['x-total-count']).toBe(String(MAX_UNPAGED_ADMIN_ROWS + 4));
  });
});
