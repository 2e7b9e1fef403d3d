import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageCache } from '../../src/modules/products/page-cache.js';
import { createProductPage } from '../../src/modules/products/product-page.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, cartDetail, customer, signedPayment, startCheckout } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, postReview, productOf } from '../helpers/products.js';
import { racingHandle } from '../helpers/racing.js';

/**
 * Each instance keeps the product pages it answered (page-cache.ts) and
 * serves one again only while the catalog and stock versions have not moved.
 * Every change below is made the way another instance, a script or an
 * operator would make it, straight in the database, after the page was kept.
 */
describe(`product pages kept in memory (${testDbKind})`, () => {
  let t: TestApp;
  let viewer: Awaited<ReturnType<typeof customer>>;
  beforeAll(async () => {
    t = await createTestApp();
    viewer = await customer(t.app);
  });
  afterAll(() => t.close());

  const shown = async (id: string, sid = viewer.sid) => (await productOf(t.app, sid, id)).product;

  it('shows stock, name and price changed since the page was kept', async () => {
    const { db } = t.app.ctx;
    const row = await createProduct(db, { name: 'Kestrel Kettle', count_in_stock: 7, price_paise: 1500_00 });
    expect(await shown(row.id)).toMatchObject({ name: 'Kestrel Kettle', countInStock: 7, price: 1500 });

    await db.updateTable('products').set({ count_in_stock: 3 }).where('id', '=', row.id).execute();
    expect((await shown(row.id)).countInStock).toBe(3);

    await db
      .updateTable('products')
      .set({ name: 'Kestrel Kettle II', name_search: 'kestrel kettle ii', price_paise: 1299_00 })
      .where('id', '=', row.id)
      .execute();
    expect(await shown(row.id)).toMatchObject({ name: 'Kestrel Kettle II', countInStock: 3, price: 1299 });
  });

  it('shows a review edited or removed without touching the rating', async () => {
    const { db } = t.app.ctx;
    const row = await createProduct(db);
    const author = await customer(t.app);
    await postReview(t.app, author.sid, { productId: row.id, rating: 4, comment: 'Sturdy lid' });
    expect((await shown(row.id)).reviews.map((r) => r.comment)).toEqual(['Sturdy lid']);

    // A moderator's SQL: the comment changes, the product's rating does not.
    await db
      .updateTable('reviews')
      .set({ comment: 'Sturdy lid [edited]' })
      .where('product_id', '=', row.id)
      .execute();
    expect((await shown(row.id)).reviews.map((r) => r.comment)).toEqual(['Sturdy lid [edited]']);

    await db.deleteFrom('reviews').where('product_id', '=', row.id).execute();
    expect((await shown(row.id)).reviews).toEqual([]);
  });

  it("marks a review verified once its author's reserved purchase is paid, with no stock change then", async () => {
    const row = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const buyer = await customer(t.app);
    await postReview(t.app, buyer.sid, { productId: row.id, rating: 5, comment: 'Bought it later' });
    await addToCart(t.app, buyer.sid, row.id, 1);
    // The stock is taken here; the page is kept after it, before the payment.
    const { id: providerOrderId } = await startCheckout(t.app, buyer.sid);
    const before = await shown(row.id);
    expect(before.countInStock).toBe(4);
    expect(before.reviews[0]?.verifiedPurchase).toBe(false);

    const paid = await cartDetail(t.app, buyer.sid, await signedPayment(t.app, buyer.sid, providerOrderId));
    expect(paid.statusCode).toBe(200);
    const after = await shown(row.id);
    expect(after.countInStock).toBe(4);
    expect(after.reviews[0]?.verifiedPurchase).toBe(true);
  });

  it("answers each shopper's own user id with the same kept page", async () => {
    const row = await createProduct(t.app.ctx.db);
    const other = await customer(t.app);
    const first = await productOf(t.app, viewer.sid, row.id);
    const second = await productOf(t.app, other.sid, row.id);
    expect(first.userId).toBe(viewer.id);
    expect(second.userId).toBe(other.id);
    expect(second.product).toEqual(first.product);
  });

  it("shows another instance's purchase committed between the versions read and the rows read", async () => {
    const { db, dbKind } = t.app.ctx;
    const row = await createProduct(db, { count_in_stock: 5 });
    // Another instance's purchase commits right after this instance's first read (the versions).
    const race = racingHandle(db, t.database, (otherInstance) =>
      otherInstance.updateTable('products').set({ count_in_stock: 4 }).where('id', '=', row.id).execute(),
    );
    const page = createProductPage(race.db, dbKind, createPageCache('every-page'));
    const stockShown = async () => (await page.page(row.id))!.product.countInStock;
    try {
      expect(await stockShown()).toBe(4);
    } finally {
      await race.close();
    }
    expect(race.raced()).toBe(true);
    // Filed under the versions read before the purchase, so checked again: had the rows
    // been read first, they would be the stock before it, filed under the versions after.
    expect(await stockShown()).toBe(4);
  });

  if (testDbKind === 'postgres')
    it('shows reviews emptied by TRUNCATE', async () => {
      const { db } = t.app.ctx;
      const row = await createProduct(db);
      const author = await customer(t.app);
      await postReview(t.app, author.sid, { productId: row.id, rating: 3, comment: 'Soon truncated' });
      expect((await shown(row.id)).reviews).toHaveLength(1);
      await sql`truncate reviews`.execute(db);
      expect((await shown(row.id)).reviews).toEqual([]);
    });

  it('answers 404 for a product deleted after its page was kept', async () => {
    const row = await createProduct(t.app.ctx.db);
    await shown(row.id);
    await t.app.ctx.db.deleteFrom('products').where('id', '=', row.id).execute();
    const res = await t.app.inject({ url: `/api/get-product/${row.id}`, cookies: { sid: viewer.sid } });
    expect(res.statusCode).toBe(404);
  });
});
