import { CATEGORIES, rupeesToPaise } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoCatalog } from '../../src/modules/products/catalog.js';
import { addMissingDemoProducts, seedIfEmpty } from '../../src/modules/products/seed.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, postReview, reviewRows } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';

describe(`seeding the demo catalog (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  // Each test starts from an empty, never-seeded catalog (reviews and cart lines go with it).
  beforeEach(async () => {
    await t.app.ctx.db.deleteFrom('products').execute();
    await t.app.ctx.db.deleteFrom('app_settings').where('key', '=', 'demo_catalog_seeded_at').execute();
  });
  afterAll(() => t.close());

  const rows = () => t.app.ctx.db.selectFrom('products').selectAll().execute();

  it('holds at least 40 products in every category, some out of stock, images under /images/products/', () => {
    expect(demoCatalog.length).toBeGreaterThanOrEqual(40);
    expect(new Set(demoCatalog.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(demoCatalog.some((p) => p.countInStock === 0)).toBe(true);
    for (const p of demoCatalog) expect(p.image, p.name).toMatch(/^\/images\/products\/[\w.-]+$/);
    // Reloading matches products by name, so names must be unique.
    expect(new Set(demoCatalog.map((p) => p.name)).size).toBe(demoCatalog.length);
  });

  it('inserts the whole demo catalog into an empty database', async () => {
    expect(await seedIfEmpty(t.app.ctx.db, t.clock)).toBe(demoCatalog.length);
    const stored = await rows();
    expect(stored).toHaveLength(demoCatalog.length);
    expect(new Set(stored.map((r) => r.category))).toEqual(new Set(CATEGORIES));
    expect(stored.some((r) => r.count_in_stock === 0)).toBe(true);
    expect(stored.every((r) => r.image.startsWith('/images/products/'))).toBe(true);
    for (const p of demoCatalog) {
      expect(
        stored.find((r) => r.name === p.name),
        p.name,
      ).toMatchObject({
        category: p.category,
        price_paise: rupeesToPaise(p.price),
        count_in_stock: p.countInStock,
        name_search: p.name.toLowerCase(),
      });
    }
  });

  it('makes the seeded products searchable and shows their prices in rupees', async () => {
    await seedIfEmpty(t.app.ctx.db, t.clock);
    const { sid } = await loginAs(t.app);
    const sample = demoCatalog[0]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/get-products?q=${encodeURIComponent(sample.name.toUpperCase())}`,
      cookies: { sid },
    });
    expect(res.json()).toMatchObject({ products: [{ name: sample.name, price: sample.price }] });
  });

  it('inserts nothing the second time', async () => {
    await seedIfEmpty(t.app.ctx.db, t.clock);
    expect(await seedIfEmpty(t.app.ctx.db, t.clock)).toBe(0);
    expect(await rows()).toHaveLength(demoCatalog.length);
  });

  it('seeds once when two instances start on one empty database at the same moment', async () => {
    const counts = await Promise.all([
      seedIfEmpty(t.app.ctx.db, t.clock),
      seedIfEmpty(t.app.ctx.db, t.clock),
    ]);
    expect(counts.sort()).toEqual([0, demoCatalog.length]);
    expect(await rows()).toHaveLength(demoCatalog.length);
  });

  it('does not bring the demo catalog back after the owner deleted every product', async () => {
    await seedIfEmpty(t.app.ctx.db, t.clock);
    await t.app.ctx.db.deleteFrom('products').execute();
    expect(await seedIfEmpty(t.app.ctx.db, t.clock)).toBe(0);
    expect(await rows()).toHaveLength(0);
  });

  it('inserts nothing into a database that already has products', async () => {
    await createProduct(t.app.ctx.db);
    expect(await seedIfEmpty(t.app.ctx.db, t.clock)).toBe(0);
    expect(await rows()).toHaveLength(1);
  });

  it('leaves a demo product the owner changed as it is, and adds back only the missing ones', async () => {
    await seedIfEmpty(t.app.ctx.db, t.clock);
    const [changed, deleted] = [demoCatalog[0]!, demoCatalog[1]!];
    const id = (await rows()).find((r) => r.name === changed.name)!.id;
    await t.app.ctx.db
      .updateTable('products')
      .set({ price_paise: 209_900, count_in_stock: 5, image: '/uploads/own.webp', description: 'Mine' })
      .where('id', '=', id)
      .execute();
    await t.app.ctx.db.deleteFrom('products').where('name', '=', deleted.name).execute();
    const { sid } = await loginAs(t.app);
    await postReview(t.app, sid, { productId: id, rating: 4, comment: 'Still here after a reload' });
    const before = (await rows()).find((r) => r.id === id)!;

    expect(await addMissingDemoProducts(t.app.ctx.db, t.clock)).toEqual({
      added: 1,
      kept: demoCatalog.length - 1,
    });

    const after = await rows();
    expect(after).toHaveLength(demoCatalog.length);
    expect(after.find((r) => r.name === changed.name)).toEqual(before);
    expect(before).toMatchObject({ price_paise: 209_900, count_in_stock: 5, image: '/uploads/own.webp' });
    expect(after.find((r) => r.name === deleted.name)).toMatchObject({
      price_paise: rupeesToPaise(deleted.price),
      count_in_stock: deleted.countInStock,
    });
    expect(await reviewRows(t.app.ctx.db, before.id)).toHaveLength(1);
  });

  it('adds missing demo products on reload and keeps products of the shop owner', async () => {
    const own = await createProduct(t.app.ctx.db);
    expect(await addMissingDemoProducts(t.app.ctx.db, t.clock)).toEqual({
      added: demoCatalog.length,
      kept: 0,
    });
    const stored = await rows();
    expect(stored).toHaveLength(demoCatalog.length + 1);
    expect(stored.some((r) => r.id === own.id)).toBe(true);
  });
});
