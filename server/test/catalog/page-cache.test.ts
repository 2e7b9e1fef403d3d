import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { addProduct, editProduct, loginAsAdmin, validProduct } from '../helpers/admin.js';
import { customer } from '../helpers/checkout.js';
import { addCartLine, createProduct, createProducts, listOf, postReview } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';

/**
 * Paged lists are cached per instance against the catalog version: every
 * change that moves a product in or out of a page, or reorders it, must show
 * at once, and stock must never come from the cache.
 */
describe(`cached catalog pages (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  let adminSid: string;
  const page = (q: string, extra: Record<string, string | number> = {}) =>
    listOf(t.app, sid, { q, page: 1, limit: 24, ...extra });
  /** A page asked for twice: production's cache keeps it from then on (page-cache.ts). */
  const seen = async (q: string, extra: Record<string, string | number> = {}) => {
    await page(q, extra);
    return page(q, extra);
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ sid } = await loginAs(t.app));
    ({ sid: adminSid } = await loginAsAdmin(t.app));
  });
  afterAll(() => t.close());

  it('shows a product added by an admin on a page seen before', async () => {
    expect((await seen('heron')).total).toBe(0);
    const res = await addProduct(t.app, adminSid, validProduct({ name: 'Heron Desk Lamp' }));
    expect(res.statusCode).toBe(201);
    const after = await page('heron');
    expect(after.total).toBe(1);
    expect(after.products.map((p) => p.name)).toEqual(['Heron Desk Lamp']);
  });

  it('drops a product renamed out of the search from the page seen before', async () => {
    const row = await createProduct(t.app.ctx.db, { name: 'Kestrel Kettle' });
    expect((await seen('kestrel')).products.map((p) => p._id)).toEqual([row.id]);
    const res = await editProduct(t.app, adminSid, row.id, validProduct({ name: 'Plain Kettle' }));
    expect(res.statusCode).toBe(201);
    expect(await page('kestrel')).toMatchObject({ total: 0, products: [] });
  });

  it('shows a product written by SQL outside the app (no writer can forget the version)', async () => {
    await seen('plover');
    await createProduct(t.app.ctx.db, { name: 'Plover Pen' });
    expect((await page('plover')).total).toBe(1);
  });

  it('reorders by price after a price change', async () => {
    const cheap = await createProduct(t.app.ctx.db, { name: 'Osprey Cup A', price_paise: 100_00 });
    const dear = await createProduct(t.app.ctx.db, { name: 'Osprey Cup B', price_paise: 200_00 });
    const lowToHigh = async () => (await page('osprey cup', { sort: 'lth' })).products.map((p) => p._id);
    await lowToHigh();
    expect(await lowToHigh()).toEqual([cheap.id, dear.id]);
    await t.app.ctx.db
      .updateTable('products')
      .set({ price_paise: 300_00 })
      .where('id', '=', cheap.id)
      .execute();
    expect(await lowToHigh()).toEqual([dear.id, cheap.id]);
  });

  it('reorders by rating after a review', async () => {
    const first = await createProduct(t.app.ctx.db, { name: 'Egret Bowl A' });
    const second = await createProduct(t.app.ctx.db, { name: 'Egret Bowl B' });
    const popular = async () => (await page('egret bowl', { sort: 'popular' })).products.map((p) => p._id);
    await popular();
    const before = await popular();
    const last = before[1]!;
    const review = await postReview(t.app, sid, { productId: last, rating: 5, comment: 'Lovely bowl.' });
    expect(review.statusCode).toBe(201);
    expect(await popular()).toEqual([last, before[0]]);
    expect([first.id, second.id]).toContain(last);
  });

  it('answers current stock from a cached page', async () => {
    const row = await createProduct(t.app.ctx.db, { name: 'Curlew Candle', count_in_stock: 5 });
    expect((await seen('curlew')).products[0]?.countInStock).toBe(5);
    await t.app.ctx.db.updateTable('products').set({ count_in_stock: 0 }).where('id', '=', row.id).execute();
    expect((await page('curlew')).products[0]?.countInStock).toBe(0);
  });

  it('shows a changed image and description on a page seen before', async () => {
    const row = await createProduct(t.app.ctx.db, { name: 'Bittern Basket' });
    await seen('bittern');
    await t.app.ctx.db
      .updateTable('products')
      .set({ image: '/images/products/new.svg', description: 'Woven by hand.' })
      .where('id', '=', row.id)
      .execute();
    expect((await page('bittern')).products[0]).toMatchObject({
      image: '/images/products/new.svg',
      description: 'Woven by hand.',
    });
  });

  it('drops a deleted product from a cached page', async () => {
    const row = await createProduct(t.app.ctx.db, { name: 'Avocet Apron' });
    expect((await seen('avocet')).total).toBe(1);
    await t.app.ctx.db.deleteFrom('products').where('id', '=', row.id).execute();
    expect(await page('avocet')).toMatchObject({ total: 0, products: [] });
  });

  it('answers shoppers asking at once each with their own cart count and the stock now', async () => {
    // On PostgreSQL these reads share trips to the database (db/batch.ts): each
    // answer must still carry its own shopper's numbers and today's stock.
    const shoppers = await Promise.all([1, 2, 3].map(() => customer(t.app)));
    const [sparrow, finch] = [
      await createProduct(t.app.ctx.db, { name: 'Sparrow Mug', count_in_stock: 4 }),
      await createProduct(t.app.ctx.db, { name: 'Finch Mug', count_in_stock: 6 }),
    ];
    const spare = await createProducts(t.app.ctx.db, 3, (i) => ({ name: `Wren Plate ${i}` }));
    for (const [n, shopper] of shoppers.entries())
      for (const row of spare.slice(0, n + 1)) await addCartLine(t.app.ctx.db, shopper.id, row.id);
    await seen('sparrow mug'); // cached now; its stock must still be read again
    await t.app.ctx.db
      .updateTable('products')
      .set({ count_in_stock: 1 })
      .where('id', '=', sparrow.id)
      .execute();

    const answers = await Promise.all(
      shoppers.flatMap((shopper) =>
        ['sparrow mug', 'finch mug'].map((q) => listOf(t.app, shopper.sid, { q, page: 1, limit: 24 })),
      ),
    );
    expect(answers.map((a) => [a.products.map((p) => [p._id, p.countInStock]), a.userCartQuantity])).toEqual([
      [[[sparrow.id, 1]], 1],
      [[[finch.id, 6]], 1],
      [[[sparrow.id, 1]], 2],
      [[[finch.id, 6]], 2],
      [[[sparrow.id, 1]], 3],
      [[[finch.id, 6]], 3],
    ]);
  });
});
