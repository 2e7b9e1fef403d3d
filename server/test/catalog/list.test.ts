import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { userRow } from '../helpers/db.js';
import { addCartLine, createProduct, getProducts, listOf } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';

describe(`product list (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function customer() {
    const { user, sid } = await loginAs(t.app);
    const row = await userRow(t.app, user.email);
    return { sid, id: row!.id };
  }

  it('answers 401 without a session', async () => {
    const res = await getProducts(t.app, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(messages.loginRequired);
  });

  it('answers every product, its count as total and an empty cart when asked with no parameters', async () => {
    await createProduct(t.app.ctx.db);
    await createProduct(t.app.ctx.db, { category: 'games' });
    const { sid } = await customer();
    const list = await listOf(t.app, sid);
    const stored = await t.app.ctx.db.selectFrom('products').select('id').execute();
    expect(list.products.map((p) => p._id).sort()).toEqual(stored.map((r) => r.id).sort());
    expect(list.total).toBe(list.products.length);
    expect(list.userCartQuantity).toBe(0);
  });

  it("counts the user's own cart lines and not another user's", async () => {
    const [a, b, c] = [
      await createProduct(t.app.ctx.db),
      await createProduct(t.app.ctx.db),
      await createProduct(t.app.ctx.db),
    ];
    const me = await customer();
    const other = await customer();
    await addCartLine(t.app.ctx.db, me.id, a.id, 3);
    await addCartLine(t.app.ctx.db, me.id, b.id);
    await addCartLine(t.app.ctx.db, other.id, a.id);
    await addCartLine(t.app.ctx.db, other.id, b.id);
    await addCartLine(t.app.ctx.db, other.id, c.id);

    expect((await listOf(t.app, me.sid)).userCartQuantity).toBe(2);
    expect((await listOf(t.app, other.sid)).userCartQuantity).toBe(3);
  });

  it('shows prices in rupees, stored as paise', async () => {
    const kurta = await createProduct(t.app.ctx.db, { price_paise: 129950 });
    const { sid } = await customer();
    const list = await listOf(t.app, sid, { q: kurta.name });
    expect(list.products).toHaveLength(1);
    expect(list.products[0]).toMatchObject({ _id: kurta.id, name: kurta.name, price: 1299.5 });
  });

  it('answers products in the spec shape', async () => {
    const row = await createProduct(t.app.ctx.db, {
      category: 'mobiles',
      price_paise: 1899900,
      count_in_stock: 0,
      image: '/images/products/peacock-phone.svg',
      description: 'A phone.',
    });
    const { sid } = await customer();
    const [product] = (await listOf(t.app, sid, { q: row.name })).products;
    expect(product).toEqual({
      _id: row.id,
      name: row.name,
      category: 'mobiles',
      price: 18999,
      countInStock: 0,
      image: '/images/products/peacock-phone.svg',
      description: 'A phone.',
      rating: 0,
      numReviews: 0,
      hsnCode: null,
      gstRate: null,
    });
  });
});
