import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cartOf,
  cartRows,
  customer,
  getCart,
  removeCartLine,
  saveCart,
  updateQuantity,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

describe(`who may see and change a cart (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 to every cart route without a session and stores nothing', async () => {
    const product = await createProduct(t.app.ctx.db);
    const answers = [
      await getCart(t.app, undefined),
      await saveCart(t.app, undefined, { item: { _id: product.id }, quantity: 1 }),
      await updateQuantity(t.app, undefined, { id: product.id, quantity: 1 }),
      await removeCartLine(t.app, undefined, { index: 0 }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(messages.loginRequired);
    }
    expect(await t.app.ctx.db.selectFrom('cart_lines').selectAll().execute()).toEqual([]);
  });

  it('answers 401 to a session cookie that names no session', async () => {
    const res = await getCart(t.app, 'not-a-session');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(messages.loginRequired);
  });

  it("never shows one user's cart to another", async () => {
    const product = await createProduct(t.app.ctx.db);
    const a = await customer(t.app);
    const b = await customer(t.app);
    await addToCart(t.app, a.sid, product.id, 2);
    expect(await cartOf(t.app, b.sid)).toEqual({ cartProducts: [], total: 0 });
    expect((await cartOf(t.app, a.sid)).cartProducts).toHaveLength(1);
  });

  it("never lets one user change another's cart", async () => {
    const product = await createProduct(t.app.ctx.db);
    const a = await customer(t.app);
    const b = await customer(t.app);
    await addToCart(t.app, a.sid, product.id, 2);

    const removed = await removeCartLine(t.app, b.sid, { index: 0 });
    expect(removed.statusCode).toBe(404);
    expect(removed.json()).toEqual(messages.invalidCartIndex);

    const updated = await updateQuantity(t.app, b.sid, { id: product.id, quantity: 5 });
    expect(updated.statusCode).toBe(404);
    expect(updated.json()).toEqual(messages.notInCart);

    // B saving the same product makes B's own line, not a change to A's.
    await addToCart(t.app, b.sid, product.id, 1);
    expect((await cartRows(t.app.ctx.db, a.id)).map((r) => [r.product_id, r.quantity])).toEqual([
      [product.id, 2],
    ]);
    expect((await cartRows(t.app.ctx.db, b.id)).map((r) => [r.product_id, r.quantity])).toEqual([
      [product.id, 1],
    ]);
  });
});
