import { ERROR_ISSUES_HEADER, messages, type Product, commerceMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editProduct, loginAsAdmin, validProduct } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer, stockOf } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

describe(`an admin's product form loaded before a sale (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  beforeAll(async () => {
    t = await createTestApp();
    sid = (await loginAsAdmin(t.app)).sid;
  });
  afterAll(() => t.close());

  /** A product with 10 in stock, of which a customer then buys 3. */
  async function soldWhileFormOpen() {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const buyer = await customer(t.app);
    await addToCart(t.app, buyer.sid, product.id, 3);
    await buyCart(t.app, buyer.sid);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(7);
    return product;
  }

  it('keeps the sales made since the form was loaded when the admin saves other fields', async () => {
    const product = await soldWhileFormOpen();
    const body = validProduct({ countInStock: 10, loadedCountInStock: 10, price: 120 });
    const res = await editProduct(t.app, sid, product.id, body);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { product: Product }).product).toMatchObject({ price: 120, countInStock: 7 });
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(7);
  });

  it('refuses a changed count with 409 and the message, on the count field, when the stock moved meanwhile', async () => {
    const product = await soldWhileFormOpen();
    const res = await editProduct(
      t.app,
      sid,
      product.id,
      validProduct({ countInStock: 15, loadedCountInStock: 10 }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toBe(commerceMessages.stockChangedMeanwhile(7));
    expect(JSON.parse(decodeURIComponent(String(res.headers[ERROR_ISSUES_HEADER])))).toEqual([
      { path: 'countInStock', message: commerceMessages.stockChangedMeanwhile(7) },
    ]);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(7);

    // Loaded again, the admin's count is written.
    const again = await editProduct(
      t.app,
      sid,
      product.id,
      validProduct({ countInStock: 15, loadedCountInStock: 7 }),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(15);
  });

  it("takes the spec's client's count (no loaded count) as it is", async () => {
    const product = await soldWhileFormOpen();
    const res = await editProduct(t.app, sid, product.id, validProduct({ countInStock: 20 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(20);
  });

  it('refuses a loaded count that is not a whole number from 0 with 400', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const res = await editProduct(t.app, sid, product.id, { ...validProduct(), loadedCountInStock: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.invalidStock);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(10);
  });
});
