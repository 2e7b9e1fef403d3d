import { messages, type Product } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, call, editProduct, loggedIn, loginAsAdmin, validProduct } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, listOf, productOf, productRow } from '../helpers/products.js';

describe(`adding and editing products (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  beforeAll(async () => {
    t = await createTestApp();
    sid = (await loginAsAdmin(t.app)).sid;
  });
  afterAll(() => t.close());

  it('adds a product with 201 and Product added successfully; customers see it in the list', async () => {
    const body = validProduct({ category: 'fashion', price: 799.99, countInStock: 4 });
    const res = await addProduct(t.app, sid, body);
    expect(res.statusCode).toBe(201);
    const { message, product } = res.json() as { message: string; product: Product };
    expect(message).toBe(messages.productAdded);
    expect(product).toEqual({
      _id: expect.any(String),
      ...body,
      rating: 0,
      numReviews: 0,
      hsnCode: null,
      gstRate: null,
    });

    const customer = await loggedIn(t.app);
    const list = await listOf(t.app, customer.sid, { q: body.name });
    expect(list.products).toEqual([product]);
    expect((await productOf(t.app, customer.sid, product._id)).product).toMatchObject(body);
    expect(await productRow(t.app.ctx.db, product._id)).toMatchObject({
      price_paise: 79999,
      count_in_stock: 4,
      name_search: body.name.toLowerCase(),
    });
  });

  it('edits a product with 201 and Product updated successfully; the new values show everywhere', async () => {
    const existing = await createProduct(t.app.ctx.db, { price_paise: 500_00, count_in_stock: 3 });
    const body = validProduct({
      name: `Renamed lamp ${existing.id.slice(0, 8)}`,
      category: 'games',
      price: 99.99,
      countInStock: 0,
      image: 'https://cdn.example.com/new.png',
      description: 'Now with a dimmer.',
    });
    const res = await editProduct(t.app, sid, existing.id, body);
    expect(res.statusCode).toBe(201);
    const { message, product } = res.json() as { message: string; product: Product };
    expect(message).toBe(messages.productUpdated);
    expect(product).toEqual({
      _id: existing.id,
      ...body,
      rating: 0,
      numReviews: 0,
      hsnCode: null,
      gstRate: null,
    });

    const customer = await loggedIn(t.app);
    expect((await productOf(t.app, customer.sid, existing.id)).product).toMatchObject(body);
    expect((await listOf(t.app, customer.sid, { q: body.name })).products).toEqual([product]);
    const all = (await call(t.app, 'GET', '/api/getAllProducts', sid)).json() as Product[];
    // The owner's list also says how many unpaid checkouts hold: none here.
    expect(all.find((p) => p._id === existing.id)).toEqual({
      ...product,
      heldInCheckouts: 0,
      lowStockThreshold: null,
    });
    expect(await productRow(t.app.ctx.db, existing.id)).toMatchObject({
      price_paise: 9999,
      name_search: body.name.toLowerCase(),
    });
  });

  it('ignores unknown fields on add: rating, numReviews, _id, created_at and isAdmin are never stored', async () => {
    const other = await createProduct(t.app.ctx.db);
    const body = validProduct();
    const res = await addProduct(t.app, sid, {
      ...body,
      isAdmin: true,
      rating: 5,
      numReviews: 99,
      _id: other.id,
      created_at: '2001-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    const { product } = res.json() as { product: Product };
    expect(product._id).not.toBe(other.id);
    expect(product).toMatchObject({ rating: 0, numReviews: 0 });
    const row = await productRow(t.app.ctx.db, product._id);
    expect(row).toMatchObject({ rating: 0, num_reviews: 0 });
    expect(row.created_at).not.toBe('2001-01-01T00:00:00.000Z');
    expect(await productRow(t.app.ctx.db, other.id)).toMatchObject({ name: other.name });
  });

  it('ignores unknown fields on edit: the product in the path changes, no other, and rating stays', async () => {
    const edited = await createProduct(t.app.ctx.db);
    const other = await createProduct(t.app.ctx.db);
    const createdAt = (await productRow(t.app.ctx.db, edited.id)).created_at;
    const body = validProduct();
    const res = await editProduct(t.app, sid, edited.id, {
      ...body,
      isAdmin: true,
      rating: 5,
      numReviews: 99,
      _id: other.id,
      created_at: '2001-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect(await productRow(t.app.ctx.db, edited.id)).toMatchObject({
      name: body.name,
      rating: 0,
      num_reviews: 0,
      created_at: createdAt,
    });
    expect(await productRow(t.app.ctx.db, other.id)).toMatchObject({ name: other.name });
  });

  it.each([
    ['an unknown id', '7d1f4a4e-0000-4000-8000-000000000000'],
    ['an SQL injection matching everything', encodeURIComponent("' OR '1'='1")],
  ])('answers 404 to editing %s and changes nothing', async (_case, id) => {
    const before = await t.app.ctx.db.selectFrom('products').selectAll().orderBy('id').execute();
    const res = await editProduct(t.app, sid, id, validProduct());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.productNotFound);
    expect(await t.app.ctx.db.selectFrom('products').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('lists every product for the admin, newest first, with stock', async () => {
    t.clock.advance(60_000);
    const older = (await addProduct(t.app, sid, validProduct({ countInStock: 0 }))).json().product as Product;
    t.clock.advance(60_000);
    const newer = (await addProduct(t.app, sid, validProduct())).json().product as Product;
    const res = await call(t.app, 'GET', '/api/getAllProducts', sid);
    expect(res.statusCode).toBe(200);
    const all = res.json() as Product[];
    const rows = await t.app.ctx.db.selectFrom('products').select('id').execute();
    expect(all).toHaveLength(rows.length);
    expect(all.slice(0, 2)).toEqual(
      [newer, older].map((p) => ({ ...p, heldInCheckouts: 0, lowStockThreshold: null })),
    );
    expect(all[1]).toMatchObject({ countInStock: 0 });
  });
});
