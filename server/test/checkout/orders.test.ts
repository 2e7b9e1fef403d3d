import { messages, type Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer, getOrder, getOrders } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

describe(`my orders (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A customer who bought `products` (one line each) in one checkout. */
  async function buys(sid: string, ...products: { id: string }[]) {
    for (const p of products) await addToCart(t.app, sid, p.id, 1);
    return (await buyCart(t.app, sid)).orders;
  }

  it("answers only the session user's orders, newest first", async () => {
    const [a, b, c] = [
      await createProduct(t.app.ctx.db),
      await createProduct(t.app.ctx.db),
      await createProduct(t.app.ctx.db),
    ];
    const me = await customer(t.app);
    const other = await customer(t.app);
    const first = await buys(me.sid, a);
    t.clock.advance(60 * 60_000);
    const second = await buys(me.sid, b, c);
    await buys(other.sid, a);

    const res = await getOrders(t.app, me.sid);
    expect(res.statusCode).toBe(200);
    const orders = res.json() as Order[];
    expect(orders).toHaveLength(3);
    // Newest checkout first; its two lines in either order.
    expect(
      orders
        .slice(0, 2)
        .map((o) => o._id)
        .sort(),
    ).toEqual(second.map((o) => o._id).sort());
    expect(orders[2]).toEqual(first[0]);
    expect(orders[0]!.time > orders[2]!.time).toBe(true);
    expect(orders.map((o) => o.orderItem.productId).sort()).toEqual([a.id, b.id, c.id].sort());

    const theirs = (await getOrders(t.app, other.sid)).json() as Order[];
    expect(theirs.map((o) => o.orderItem.productId)).toEqual([a.id]);
  });

  it('answers an empty list to a user who has ordered nothing', async () => {
    const me = await customer(t.app);
    const res = await getOrders(t.app, me.sid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers one order by its id, as the list shows it', async () => {
    const product = await createProduct(t.app.ctx.db, { price_paise: 349_99 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 3);
    const { orders } = await buyCart(t.app, me.sid);
    const res = await getOrder(t.app, me.sid, orders[0]!._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(orders[0]);
    expect(res.json()).toMatchObject({
      orderItem: { productId: product.id, price: 349.99, quantity: 3 },
      paymentDetails: { orderAmount: 1049.97 },
    });
  });

  it("answers 404 to another user's order", async () => {
    const product = await createProduct(t.app.ctx.db);
    const owner = await customer(t.app);
    const [order] = await buys(owner.sid, product);
    const other = await customer(t.app);
    const res = await getOrder(t.app, other.sid, order!._id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.orderNotFound);
  });

  it.each([
    ['an unknown id', '7d1f4a4e-0000-4000-8000-000000000000'],
    ['a 500-character id', 'x'.repeat(500)],
    ['an SQL injection', encodeURIComponent("'; drop table orders;--")],
    ['an SQL injection matching everything', encodeURIComponent("' OR '1'='1")],
    ['an encoded NUL', '%00'],
  ])('answers 404 to %s, never 500', async (_case, id) => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer(t.app);
    await buys(me.sid, product);
    const res = await getOrder(t.app, me.sid, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.orderNotFound);
    // The table is still there and still answers.
    expect((await getOrders(t.app, me.sid)).json()).toHaveLength(1);
  });

  it('answers 401 to both order routes without a session', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer(t.app);
    const [order] = await buys(me.sid, product);
    for (const res of [await getOrders(t.app, undefined), await getOrder(t.app, undefined, order!._id)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(messages.loginRequired);
    }
  });
});
