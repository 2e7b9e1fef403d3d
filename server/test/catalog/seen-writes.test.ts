import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type App } from '../../src/app.js';
import { SHOWN_READ_TRUSTED_MS } from '../../src/db/read-memo.js';
import { SEEN_WRITES_COOKIE } from '../../src/lib/seen-writes.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { customer, getCart, saveCart } from '../helpers/checkout.js';
import { newCustomer } from '../helpers/users.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, postReview, uniqueTag } from '../helpers/products.js';

const markOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === SEEN_WRITES_COOKIE);

/**
 * Each instance answers the product page, the cart and a catalog page from
 * memory for up to SHOWN_READ_TRUSTED_MS (db/read-memo.ts). Behind a proxy, a
 * shopper's next request may reach another instance than their write: on
 * PostgreSQL every state-changing answer to a shopper marks the write
 * (lib/seen-writes.ts), and an instance shown the mark reads afresh whatever
 * it kept from before it. The clock stands still unless a test moves it.
 */
describe(`a shopper's own writes through another instance (${testDbKind})`, () => {
  let t: TestApp;
  /** A second instance on the same database, on the test's clock. */
  let other: App;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.freeze();
    other = await build({ config: t.app.ctx.config, clock: t.clock, logger: false });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const get = (app: App, url: string, cookies: Record<string, string>) =>
    app.inject({ method: 'GET', url, cookies });

  it('marks each state-changing answer to a shopper on PostgreSQL, refused ones too, and nothing else', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const shopper = await customer(t.app);
    const saved = await saveCart(t.app, shopper.sid, { item: { _id: product.id }, quantity: 1 });
    expect(saved.statusCode).toBe(200);
    // Refused, but a refusal may follow a write (a checkout first gives back an earlier reservation).
    const refused = await saveCart(t.app, shopper.sid, { item: { _id: product.id }, quantity: 99 });
    expect(refused.statusCode).toBe(409);
    expect(markOf(await getCart(t.app, shopper.sid))).toBeUndefined();
    // Nothing the mark serves is shown without a session.
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: newCustomer(),
    });
    expect(registered.statusCode).toBe(201);
    expect(markOf(registered)).toBeUndefined();
    const anonymous = await saveCart(t.app, undefined, { item: { _id: product.id }, quantity: 1 });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.cookies).toEqual([]);
    if (testDbKind === 'sqlite') {
      expect([markOf(saved), markOf(refused)]).toEqual([undefined, undefined]);
      return;
    }
    for (const res of [saved, refused]) {
      // Random: it tells nothing about the shop.
      expect(markOf(res)?.value).toMatch(/^[\w-]{16}$/);
      expect(markOf(res)).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 60 });
    }
    expect(markOf(saved)?.value).not.toBe(markOf(refused)?.value);
    // A mark it cannot read is ignored, never an error.
    const res = await get(t.app, '/api/getCart', {
      sid: shopper.sid,
      [SEEN_WRITES_COOKIE]: 'x'.repeat(5000),
    });
    expect(res.statusCode).toBe(200);
  });

  if (testDbKind === 'postgres') {
    it("shows the shopper's review, written through another instance, on this one's product page at once", async () => {
      const product = await createProduct(t.app.ctx.db);
      const url = `/api/get-product/${product.id}`;
      const author = await customer(t.app);
      const bystander = await customer(t.app);
      const reviewsShown = async (cookies: Record<string, string>) =>
        ((await get(t.app, url, cookies)).json() as { product: { reviews: unknown[] } }).product.reviews
          .length;
      expect(await reviewsShown({ sid: author.sid })).toBe(0);

      const written = await postReview(other, author.sid, {
        productId: product.id,
        rating: 5,
        comment: 'Written through the other instance',
      });
      expect(written.statusCode).toBe(201);
      const mark = markOf(written)!.value;

      // Another shopper, who wrote nothing, is answered from this instance's memory for now.
      expect(await reviewsShown({ sid: bystander.sid })).toBe(0);
      expect(await reviewsShown({ sid: author.sid, [SEEN_WRITES_COOKIE]: mark })).toBe(1);
      // Read for the mark, so after the write: the bystander sees it too now.
      expect(await reviewsShown({ sid: bystander.sid })).toBe(1);
    });

    it("shows the shopper's cart line, added through another instance, in this one's cart and catalog badge at once", async () => {
      const tag = uniqueTag();
      const product = await createProduct(t.app.ctx.db, { name: `Seen Kettle ${tag}`, count_in_stock: 4 });
      const shopper = await customer(t.app);
      const listUrl = `/api/get-products?q=${tag}&page=1&limit=24`;
      const shown = async (cookies: Record<string, string>) => {
        const cart = (await get(t.app, '/api/getCart', cookies)).json() as { cartProducts: unknown[] };
        const list = (await get(t.app, listUrl, cookies)).json() as { userCartQuantity: number };
        return { lines: cart.cartProducts.length, badge: list.userCartQuantity };
      };
      expect(await shown({ sid: shopper.sid })).toEqual({ lines: 0, badge: 0 });

      const saved = await saveCart(other, shopper.sid, { item: { _id: product.id }, quantity: 2 });
      expect(saved.statusCode).toBe(200);
      const mark = markOf(saved)!.value;

      // Without the mark, the cart this instance kept stands for now: the mark is what tells it.
      // (The catalog's badge is read in every catalog answer's trip on PostgreSQL.)
      expect(await shown({ sid: shopper.sid })).toEqual({ lines: 0, badge: 1 });
      expect(await shown({ sid: shopper.sid, [SEEN_WRITES_COOKIE]: mark })).toEqual({ lines: 1, badge: 1 });
    });

    it("shows another shopper's write through another instance within SHOWN_READ_TRUSTED_MS", async () => {
      const product = await createProduct(t.app.ctx.db, { count_in_stock: 6 });
      const url = `/api/get-product/${product.id}`;
      const viewer = await customer(t.app);
      const stockShown = async () =>
        ((await get(t.app, url, { sid: viewer.sid })).json() as { product: { countInStock: number } }).product
          .countInStock;
      expect(await stockShown()).toBe(6);
      await other.ctx.db
        .updateTable('products')
        .set({ count_in_stock: 2 })
        .where('id', '=', product.id)
        .execute();
      t.clock.advance(SHOWN_READ_TRUSTED_MS - 1);
      expect(await stockShown()).toBe(6);
      t.clock.advance(1);
      expect(await stockShown()).toBe(2);
    });
  }
});
