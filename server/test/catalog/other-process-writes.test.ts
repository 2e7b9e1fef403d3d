import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/index.js';
import { SHOWN_READ_TRUSTED_MS } from '../../src/db/read-memo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, cartOf, customer } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, listOf, productOf, uniqueTag } from '../helpers/products.js';

/**
 * What the shop shows (the product page, the cart, on SQLite a catalog page)
 * may be answered from memory (db/read-memo.ts). A change this instance
 * makes shows at once; one made by another process on the same database (a
 * command-line tool, an operator's SQL, on PostgreSQL another instance) shows
 * within SHOWN_READ_TRUSTED_MS.
 */
describe(`changes shown on the product page, the catalog and the cart (${testDbKind})`, () => {
  let t: TestApp;
  let otherProcess: Db;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.freeze();
    otherProcess = createDb({ databaseUrl: t.database.databaseUrl, dataDir: t.database.dataDir }).db;
  });
  afterAll(async () => {
    await otherProcess.destroy();
    await t.close();
  });

  it("shows another process's change within SHOWN_READ_TRUSTED_MS, and this instance's at once", async () => {
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
    t.clock.advance(SHOWN_READ_TRUSTED_MS);
    expect(await shown()).toEqual(Array(3).fill({ stock: 2, price: 2100 }));

    // The clock stands still: this instance's own change must show without it moving.
    await t.app.ctx.db
      .updateTable('products')
      .set({ count_in_stock: 5, price_paise: 1900_00 })
      .where('id', '=', product.id)
      .execute();
    expect(await shown()).toEqual(Array(3).fill({ stock: 5, price: 1900 }));
  });
});
