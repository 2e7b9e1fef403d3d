import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { createDb, type Db } from '../../src/db/index.js';
import { createTestApp, secondInstance, type TestApp } from '../helpers/app.js';
import { addToCart, cartOf, customer } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, listOf, postReview, productOf, uniqueTag } from '../helpers/products.js';

/**
 * What the shop shows (the product page, a catalog page, the cart) after a
 * change made elsewhere on the same database (another instance, a
 * command-line tool, an operator's SQL): at the very next request.
 */
describe(`changes made elsewhere, shown at the next request (${testDbKind})`, () => {
  let t: TestApp;
  let other: App;
  let otherProcess: Db;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.freeze();
    other = await secondInstance(t);
    otherProcess = createDb({ databaseUrl: t.database.databaseUrl, dataDir: t.database.dataDir }).db;
  });
  afterAll(async () => {
    await otherProcess.destroy();
    await other.close();
    await t.close();
  });

  it("shows another process's change, and this instance's own, at once", async () => {
    const tag = uniqueTag();
    const product = await createProduct(t.app.ctx.db, {
      name: `Heron Lamp ${tag}`,
      count_in_stock: 7,
      price_paise: 2400_00,
    });
    const shopper = await customer(t.app);
    await addToCart(t.app, shopper.sid, product.id, 1);
    const shown = async () => {
      const page = (await productOf(t.app, shopper.sid, product.id)).product;
      const [listed] = (await listOf(t.app, shopper.sid, { q: tag, page: 1, limit: 24 })).products;
      const [line] = (await cartOf(t.app, shopper.sid)).cartProducts;
      return [page, listed, line?.product].map((p) => p && { stock: p.countInStock, price: p.price });
    };
    expect(await shown()).toEqual(Array(3).fill({ stock: 7, price: 2400 }));

    await otherProcess
      .updateTable('products')
      .set({ count_in_stock: 2, price_paise: 2100_00 })
      .where('id', '=', product.id)
      .execute();
    expect(await shown()).toEqual(Array(3).fill({ stock: 2, price: 2100 }));

    await t.app.ctx.db
      .updateTable('products')
      .set({ count_in_stock: 5, price_paise: 1900_00 })
      .where('id', '=', product.id)
      .execute();
    expect(await shown()).toEqual(Array(3).fill({ stock: 5, price: 1900 }));
  });

  it("shows a shopper's own review and cart line, written through the other instance, at once", async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const shopper = await customer(t.app);
    expect((await productOf(t.app, shopper.sid, product.id)).product.reviews).toEqual([]);
    expect((await cartOf(t.app, shopper.sid)).cartProducts).toEqual([]);
    const reviewed = await postReview(other, shopper.sid, {
      productId: product.id,
      rating: 4,
      comment: 'Bright enough',
    });
    expect(reviewed.statusCode).toBeLessThan(300);
    await addToCart(other, shopper.sid, product.id, 2);
    const page = (await productOf(t.app, shopper.sid, product.id)).product;
    expect(page.reviews.map((r) => r.comment)).toEqual(['Bright enough']);
    expect((await cartOf(t.app, shopper.sid)).cartProducts.map((line) => line.quantity)).toEqual([2]);
  });
});
