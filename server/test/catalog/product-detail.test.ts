import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { userRow } from '../helpers/db.js';
import { createProduct, getProduct, postReview, productOf } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';

describe(`product detail (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const session = await loginAs(t.app);
    sid = session.sid;
    userId = (await userRow(t.app, session.user.email))!.id;
  });
  afterAll(() => t.close());

  it("answers the product with no reviews and the session user's id", async () => {
    const row = await createProduct(t.app.ctx.db, {
      category: 'fashion',
      price_paise: 129950,
      count_in_stock: 4,
      image: '/images/products/handloom-kurta.svg',
      description: 'Handloom cotton.',
    });
    const res = await getProduct(t.app, sid, row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      product: {
        _id: row.id,
        name: row.name,
        category: 'fashion',
        price: 1299.5,
        countInStock: 4,
        image: '/images/products/handloom-kurta.svg',
        description: 'Handloom cotton.',
        rating: 0,
        numReviews: 0,
        hsnCode: null,
        gstRate: null,
        reviews: [],
      },
      userId,
    });
  });

  it('answers the reviews latest first, with author name, rating and comment', async () => {
    const product = await createProduct(t.app.ctx.db);
    const first = await loginAs(t.app);
    const second = await loginAs(t.app);
    await postReview(t.app, first.sid, { productId: product.id, rating: 4, comment: 'Good value' });
    t.clock.advance(60_000);
    await postReview(t.app, second.sid, { productId: product.id, rating: 2.5, comment: 'Arrived late' });

    const { product: shown } = await productOf(t.app, sid, product.id);
    expect(shown.reviews).toMatchObject([
      { name: second.user.name, rating: 2.5, comment: 'Arrived late' },
      { name: first.user.name, rating: 4, comment: 'Good value' },
    ]);
    expect(shown.reviews[0]!.userId).toBe((await userRow(t.app, second.user.email))!.id);

    // An edited review is the latest again.
    t.clock.advance(60_000);
    await postReview(t.app, first.sid, {
      productId: product.id,
      rating: 5,
      comment: 'Better than I thought',
    });
    const { product: after } = await productOf(t.app, sid, product.id);
    expect(after.reviews.map((r) => r.comment)).toEqual(['Better than I thought', 'Arrived late']);
  });

  it('answers 404 "Product not found" for an unknown id', async () => {
    const res = await getProduct(t.app, sid, '7d1f4a4e-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.productNotFound);
  });

  it.each([
    ['a 500-character id', 'x'.repeat(500)],
    ['an SQL injection', encodeURIComponent("'; drop table products;--")],
    ['a NUL character', '%00'],
    ['unicode', encodeURIComponent('उत्पाद-✓-😀')],
    ['a quote and a percent sign', encodeURIComponent(`"%'`)],
  ])('answers 404 "Product not found", never 500, for %s', async (_case, id) => {
    const res = await getProduct(t.app, sid, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.productNotFound);
  });

  it('still has its products after an id that tries to drop the table', async () => {
    const row = await createProduct(t.app.ctx.db);
    await getProduct(t.app, sid, encodeURIComponent("'; drop table products;--"));
    expect((await getProduct(t.app, sid, row.id)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const row = await createProduct(t.app.ctx.db);
    const res = await getProduct(t.app, undefined, row.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(messages.loginRequired);
  });

  it('answers product pages asked at once each with its own product and reviews', async () => {
    // On PostgreSQL these reads share trips to the database (db/batch.ts).
    const rows = await Promise.all([1, 2, 3].map((n) => createProduct(t.app.ctx.db, { name: `Tabla ${n}` })));
    const reviewer = await loginAs(t.app);
    for (const [n, row] of rows.slice(1).entries()) {
      const res = await postReview(t.app, reviewer.sid, {
        productId: row.id,
        rating: n + 4,
        comment: `Tabla review ${n}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const pages = await Promise.all([...rows, ...rows].map((row) => productOf(t.app, sid, row.id)));
    expect(pages.map(({ product }) => [product.name, product.reviews.map((r) => r.comment)])).toEqual([
      ['Tabla 1', []],
      ['Tabla 2', ['Tabla review 0']],
      ['Tabla 3', ['Tabla review 1']],
      ['Tabla 1', []],
      ['Tabla 2', ['Tabla review 0']],
      ['Tabla 3', ['Tabla review 1']],
    ]);
  });
});
