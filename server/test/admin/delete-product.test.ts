import { messages, type Order, type Product } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, deleteProduct, loggedIn, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  buyCart,
  cartOf,
  cartRows,
  customer,
  getOrder,
  getOrders,
  startCheckout,
  stockOf,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, getProduct, listOf, postReview, reviewRows } from '../helpers/products.js';

describe(`deleting a product (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  beforeAll(async () => {
    t = await createTestApp();
    sid = (await loginAsAdmin(t.app)).sid;
  });
  afterAll(() => t.close());

  it('answers 200 Product deleted; the product page answers 404 and the lists no longer show it', async () => {
    const product = await createProduct(t.app.ctx.db);
    const res = await deleteProduct(t.app, sid, product.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.productDeleted });

    const customer = await loggedIn(t.app);
    const page = await getProduct(t.app, customer.sid, product.id);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual(messages.productNotFound);
    expect((await listOf(t.app, customer.sid, { q: product.name })).products).toEqual([]);
    const all = (await call(t.app, 'GET', '/api/getAllProducts', sid)).json() as Product[];
    expect(all.map((p) => p._id)).not.toContain(product.id);
  });

  it('removes it from every cart, leaving the other lines', async () => {
    const doomed = await createProduct(t.app.ctx.db);
    const kept = await createProduct(t.app.ctx.db);
    const first = await loggedIn(t.app);
    const second = await loggedIn(t.app);
    await addToCart(t.app, first.sid, doomed.id, 2);
    await addToCart(t.app, first.sid, kept.id, 1);
    await addToCart(t.app, second.sid, doomed.id, 1);

    expect((await deleteProduct(t.app, sid, doomed.id)).statusCode).toBe(200);

    expect((await cartOf(t.app, first.sid)).cartProducts.map((l) => l.product._id)).toEqual([kept.id]);
    expect((await cartOf(t.app, second.sid)).cartProducts).toEqual([]);
    expect(await cartRows(t.app.ctx.db, second.id)).toEqual([]);
    const list = await listOf(t.app, first.sid, { q: kept.name });
    expect(list.userCartQuantity).toBe(1);
  });

  it("keeps its past orders with their snapshot in the buyer's order list", async () => {
    const product = await createProduct(t.app.ctx.db, { price_paise: 249_50, count_in_stock: 5 });
    const buyer = await loggedIn(t.app);
    await addToCart(t.app, buyer.sid, product.id, 2);
    const { orders } = await buyCart(t.app, buyer.sid);
    await postReview(t.app, buyer.sid, { productId: product.id, rating: 5, comment: 'Great' });

    expect((await deleteProduct(t.app, sid, product.id)).statusCode).toBe(200);

    const list = (await getOrders(t.app, buyer.sid)).json() as Order[];
    expect(list).toEqual(orders);
    expect(list[0]!.orderItem).toEqual({
      productId: product.id,
      name: product.name,
      image: product.image,
      price: 249.5,
      quantity: 2,
    });
    const one = await getOrder(t.app, buyer.sid, orders[0]!._id);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(orders[0]);
    // Its reviews go with it: there is no page left to show them on.
    expect(await reviewRows(t.app.ctx.db, product.id)).toEqual([]);
  });

  it.each([
    ['an unknown id', '7d1f4a4e-0000-4000-8000-000000000000'],
    ['an SQL injection matching everything', encodeURIComponent("' OR '1'='1")],
    ['an encoded NUL', '%00'],
  ])('answers 404 to deleting %s and deletes nothing', async (_case, id) => {
    await createProduct(t.app.ctx.db);
    const before = await t.app.ctx.db.selectFrom('products').select('id').orderBy('id').execute();
    const res = await deleteProduct(t.app, sid, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.productNotFound);
    expect(await t.app.ctx.db.selectFrom('products').select('id').orderBy('id').execute()).toEqual(before);
  });

  it('answers 404 to deleting the same product twice', async () => {
    const product = await createProduct(t.app.ctx.db);
    expect((await deleteProduct(t.app, sid, product.id)).statusCode).toBe(200);
    const again = await deleteProduct(t.app, sid, product.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(messages.productNotFound);
  });
});

describe(`deleting one product many times at once (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  beforeAll(async () => {
    t = await createTestApp();
    sid = (await loginAsAdmin(t.app)).sid;
  });
  afterAll(() => t.close());

  it('deletes it once: one 200 and one audit entry, every other delete 404 Product not found', async () => {
    for (let round = 0; round < 3; round += 1) {
      // An unpaid checkout holds it and another product: that stock goes back once.
      const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
      const kept = await createProduct(t.app.ctx.db, { count_in_stock: 4 });
      const holder = await customer(t.app);
      await addToCart(t.app, holder.sid, product.id, 2);
      await addToCart(t.app, holder.sid, kept.id, 1);
      await startCheckout(t.app, holder.sid);
      expect(await stockOf(t.app.ctx.db, kept.id)).toBe(3);

      const answers = await Promise.all(
        Array.from({ length: 10 }, () => deleteProduct(t.app, sid, product.id)),
      );

      const statuses = answers.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      for (const refused of answers.filter((r) => r.statusCode !== 200)) {
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual(messages.productNotFound);
      }
      const entries = await t.app.ctx.db
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('target_id', '=', product.id)
        .execute();
      expect(entries.map((e) => [e.action, JSON.parse(e.details)])).toEqual([
        ['product.delete', { name: product.name, checkoutsEnded: 1 }],
      ]);
      expect(await stockOf(t.app.ctx.db, kept.id)).toBe(4);
    }
  });
});
