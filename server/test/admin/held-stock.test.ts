import { messages, type AdminProduct } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, editProduct, loggedIn, loginAsAdmin, validProduct } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, cancelPayment, customer, startCheckout, stockOf } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, productOf } from '../helpers/products.js';
import { releaseExpiredCheckouts } from '../../src/modules/checkout/release.js';

/**
 * Reserving takes units off a product's count in stock until the checkout is paid or ends: the
 * owner's list and edit form say how many unpaid checkouts hold, so the count is not mistaken
 * for all of the stock.
 */
describe(`units held by unpaid checkouts, as the owner sees them (${testDbKind})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAsAdmin(t.app)).sid;
  });
  afterAll(() => t.close());

  const listed = async (id: string, query = '') => {
    const res = await call(t.app, 'GET', `/api/getAllProducts${query}`, admin);
    expect(res.statusCode).toBe(200);
    return (res.json() as AdminProduct[]).find((p) => p._id === id);
  };
  const toEdit = (id: string) => call(t.app, 'GET', `/api/admin/products/${id}`, admin);

  /** A customer with `quantity` of the product in an unpaid checkout. */
  async function holds(productId: string, quantity: number) {
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, productId, quantity);
    const { id: orderId } = await startCheckout(t.app, me.sid);
    return { me, orderId };
  }

  it('shows 7 in stock and 3 held while a customer holds 3 of 10, in the list and the edit form', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    await holds(product.id, 2);
    await holds(product.id, 1);

    expect(await listed(product.id)).toMatchObject({ countInStock: 7, heldInCheckouts: 3 });
    expect(await listed(product.id, `?page=1&limit=5&q=${encodeURIComponent(product.name)}`)).toMatchObject({
      countInStock: 7,
      heldInCheckouts: 3,
    });
    const res = await toEdit(product.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: product.id, countInStock: 7, heldInCheckouts: 3 });
  });

  it('counts none for products nobody holds, and none for paid or ended checkouts', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const untouched = await createProduct(t.app.ctx.db, { count_in_stock: 4 });
    const buyer = await customer(t.app);
    await addToCart(t.app, buyer.sid, product.id, 2);
    await buyCart(t.app, buyer.sid);
    const cancelled = await holds(product.id, 3);
    expect((await cancelPayment(t.app, cancelled.me.sid, cancelled.orderId)).statusCode).toBe(200);

    expect(await listed(product.id)).toMatchObject({ countInStock: 8, heldInCheckouts: 0 });
    expect(await listed(untouched.id)).toMatchObject({ countInStock: 4, heldInCheckouts: 0 });
    expect((await toEdit(untouched.id)).json()).toMatchObject({ heldInCheckouts: 0 });
  });

  it('keeps counting a hold past its time until the sweep gives it back', async () => {
    await releaseExpiredCheckouts(t.app.ctx);
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    await holds(product.id, 3);
    t.clock.advance(11 * 60_000);

    expect((await toEdit(product.id)).json()).toMatchObject({ countInStock: 7, heldInCheckouts: 3 });
    await releaseExpiredCheckouts(t.app.ctx);
    expect((await toEdit(product.id)).json()).toMatchObject({ countInStock: 10, heldInCheckouts: 0 });
  });

  it('lets the owner keep the free count while units are held: 10 again once the hold ends', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const { me, orderId } = await holds(product.id, 3);
    const shown = (await toEdit(product.id)).json() as AdminProduct;

    // Told that 3 more are held, the owner saves 7 as it is, not the shelf's 10.
    const body = validProduct({ name: shown.name, countInStock: shown.countInStock });
    const saved = await editProduct(t.app, admin, product.id, { ...body, loadedCountInStock: 7 });
    expect(saved.statusCode).toBe(201);
    expect((await cancelPayment(t.app, me.sid, orderId)).statusCode).toBe(200);

    expect(await stockOf(t.app.ctx.db, product.id)).toBe(10);
  });

  it("answers the product's own low-stock threshold for its edit page, null for the shop's default", async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 40 });
    expect((await toEdit(product.id)).json()).toMatchObject({ lowStockThreshold: null });
    const set = await call(t.app, 'PUT', `/api/admin/products/${product.id}/low-stock-threshold`, admin, {
      threshold: 25,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await toEdit(product.id)).json()).toMatchObject({ countInStock: 40, lowStockThreshold: 25 });
    expect(await listed(product.id)).toMatchObject({ lowStockThreshold: 25 });
    await call(t.app, 'PUT', `/api/admin/products/${product.id}/low-stock-threshold`, admin, {
      threshold: null,
    });
    expect((await toEdit(product.id)).json()).toMatchObject({ lowStockThreshold: null });
  });

  it("keeps the held units out of the customers' product answers", async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const { me } = await holds(product.id, 1);
    expect((await productOf(t.app, me.sid, product.id)).product).not.toHaveProperty('heldInCheckouts');
  });

  it('answers the edit form only to an admin, and 404 for a product that is not there', async () => {
    const product = await createProduct(t.app.ctx.db);
    const someone = await loggedIn(t.app);
    expect((await call(t.app, 'GET', `/api/admin/products/${product.id}`, someone.sid)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/admin/products/${product.id}`)).statusCode).toBe(401);
    for (const id of ['7d1f4a4e-0000-4000-8000-000000000000', encodeURIComponent("' OR '1'='1")]) {
      const res = await toEdit(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toBe(messages.productNotFound);
    }
  });
});
