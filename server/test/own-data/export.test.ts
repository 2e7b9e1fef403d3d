import { messages, type Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loggedIn } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, postReview } from '../helpers/products.js';

describe(`downloading your own data (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the profile, orders, reviews and cart as a JSON file, and nobody else’s', async () => {
    const me = await loggedIn(t.app);
    const other = await loggedIn(t.app);
    const bought = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    await addToCart(t.app, me.sid, bought.id, 2);
    await buyCart(t.app, me.sid);
    await postReview(t.app, me.sid, { productId: bought.id, rating: 5, comment: 'Lovely' });
    await postReview(t.app, other.sid, { productId: bought.id, rating: 1, comment: 'Not mine' });
    const inCart = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    await addToCart(t.app, me.sid, inCart.id, 1);

    const res = await call(t.app, 'GET', '/api/user/export', me.sid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-shop-data.json"');
    const data = res.json() as {
      profile: Record<string, unknown>;
      orders: Order[];
      reviews: { productId: string; comment: string; rating: number }[];
      cart: { productId: string; quantity: number }[];
    };
    expect(data.profile).toMatchObject({
      _id: me.id,
      name: me.user.name,
      email: me.user.email,
      isAdmin: false,
    });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]!.orderItem).toMatchObject({ productId: bought.id, quantity: 2 });
    expect(data.reviews).toEqual([
      expect.objectContaining({ productId: bought.id, rating: 5, comment: 'Lovely' }),
    ]);
    expect(data.cart).toEqual([expect.objectContaining({ productId: inCart.id, quantity: 1 })]);
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('Not mine');
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'GET', '/api/user/export');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toBe(messages.loginRequired);
  });
});
