import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cartOf,
  cartRows,
  customer,
  getCart,
  removeCartLine,
  saveCart,
  updateQuantity,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, listOf, productRow } from '../helpers/products.js';
import { toProduct } from '../../src/modules/products/product-fields.js';

describe(`the cart (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The product exactly as every API answer must show it: from the database. */
  async function shown(id: string) {
    return toProduct(await productRow(t.app.ctx.db, id));
  }

  it('adds a line and answers the cart, with cartProducts at the top of the body, its database total and "Cart saved"', async () => {
    const product = await createProduct(t.app.ctx.db, { price_paise: 1299_50, count_in_stock: 5 });
    const me = await customer(t.app);

    const res = await saveCart(t.app, me.sid, { item: { _id: product.id }, quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cartProducts: [{ product: await shown(product.id), quantity: 2, available: true }],
      total: 2599,
      message: messages.cartSaved,
    });
    expect(await cartRows(t.app.ctx.db, me.id)).toEqual([
      { user_id: me.id, product_id: product.id, quantity: 2, added_at: expect.any(String) },
    ]);
  });

  it('sets, not adds, the quantity when the same product is saved again', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 3);
    const cart = await addToCart(t.app, me.sid, product.id, 2);
    expect(cart.cartProducts.map((l) => l.quantity)).toEqual([2]);
    const rows = await cartRows(t.app.ctx.db, me.id);
    expect(rows.map((r) => [r.product_id, r.quantity])).toEqual([[product.id, 2]]);
  });

  it('ignores the price, name, image and stock sent with the item and any extra fields', async () => {
    const product = await createProduct(t.app.ctx.db, { price_paise: 500_00, count_in_stock: 3 });
    const me = await customer(t.app);
    const res = await saveCart(t.app, me.sid, {
      item: {
        _id: product.id,
        name: 'Free stuff',
        price: 1,
        image: 'https://evil.example/x.png',
        countInStock: 9999,
        category: 'games',
      },
      quantity: 2,
      price: 1,
      total: 2,
      user_id: 'someone-else',
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { cartProducts: unknown[]; total: number };
    expect(answer.cartProducts).toEqual([{ product: await shown(product.id), quantity: 2, available: true }]);
    expect(answer.total).toBe(1000);

    expect(await cartRows(t.app.ctx.db, me.id)).toEqual([
      { user_id: me.id, product_id: product.id, quantity: 2, added_at: expect.any(String) },
    ]);
    // The product itself is untouched by what the client claimed.
    expect(await productRow(t.app.ctx.db, product.id)).toMatchObject({
      name: product.name,
      price_paise: 500_00,
      count_in_stock: 3,
      image: product.image,
    });
    const cart = await cartOf(t.app, me.sid);
    expect(cart.cartProducts[0]?.product).toEqual(await shown(product.id));
    expect(cart.total).toBe(1000);
  });

  it('answers the lines in the order they were added, each with the product as it is now', async () => {
    const products = [
      await createProduct(t.app.ctx.db, { price_paise: 100_00 }),
      await createProduct(t.app.ctx.db, { price_paise: 250_25 }),
      await createProduct(t.app.ctx.db, { price_paise: 75_00 }),
      await createProduct(t.app.ctx.db, { price_paise: 10_00 }),
    ];
    const me = await customer(t.app);
    const order = [products[2]!, products[0]!, products[3]!, products[1]!];
    for (const p of order) await addToCart(t.app, me.sid, p.id, 1);
    // Saving an existing line again keeps its place.
    await addToCart(t.app, me.sid, products[2]!.id, 2);

    await t.app.ctx.db
      .updateTable('products')
      .set({ price_paise: 80_00, name: 'Renamed now' })
      .where('id', '=', products[0]!.id)
      .execute();

    const res = await getCart(t.app, me.sid);
    expect(res.statusCode).toBe(200);
    const cart = res.json() as { cartProducts: { product: { _id: string } }[]; total: number };
    expect(cart.cartProducts.map((l) => l.product._id)).toEqual(order.map((p) => p.id));
    expect(cart.cartProducts[1]).toEqual({
      product: await shown(products[0]!.id),
      quantity: 1,
      available: true,
    });
    expect(cart.cartProducts[1]?.product).toMatchObject({ name: 'Renamed now', price: 80 });
    expect(cart.total).toBe(75 * 2 + 80 + 10 + 250.25);
  });

  it('keeps the order added for lines saved within one millisecond, or after the clock steps back', async () => {
    const [a, b, c] = [
      await createProduct(t.app.ctx.db),
      await createProduct(t.app.ctx.db),
      await createProduct(t.app.ctx.db),
    ];
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, a.id, 1);
    // The clock reads earlier than the first save: a tie or worse for the timestamps.
    t.clock.advance(-60_000);
    try {
      await addToCart(t.app, me.sid, b.id, 1);
      await addToCart(t.app, me.sid, c.id, 1);
    } finally {
      t.clock.advance(60_000);
    }
    const cart = await cartOf(t.app, me.sid);
    expect(cart.cartProducts.map((l) => l.product._id)).toEqual([a.id, b.id, c.id]);
    const removed = await removeCartLine(t.app, me.sid, { index: 1 });
    expect((removed.json() as { product: { _id: string } }[]).map((l) => l.product._id)).toEqual([
      a.id,
      c.id,
    ]);
  });

  it('answers an empty cart for a new user', async () => {
    const me = await customer(t.app);
    const res = await getCart(t.app, me.sid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cartProducts: [], total: 0 });
  });

  it('shows a line whose stock dropped below its quantity as unavailable, outside the total', async () => {
    const short = await createProduct(t.app.ctx.db, { price_paise: 300_00, count_in_stock: 5 });
    const gone = await createProduct(t.app.ctx.db, { price_paise: 900_00, count_in_stock: 5 });
    const fine = await createProduct(t.app.ctx.db, { price_paise: 40_00, count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, short.id, 4);
    await addToCart(t.app, me.sid, gone.id, 1);
    await addToCart(t.app, me.sid, fine.id, 2);
    await t.app.ctx.db
      .updateTable('products')
      .set({ count_in_stock: 2 })
      .where('id', '=', short.id)
      .execute();
    await t.app.ctx.db.updateTable('products').set({ count_in_stock: 0 }).where('id', '=', gone.id).execute();

    const cart = await cartOf(t.app, me.sid);
    expect(cart.cartProducts).toEqual([
      {
        product: await shown(short.id),
        quantity: 4,
        available: false,
        problem: messages.onlyInStock(short.name, 2),
      },
      {
        product: await shown(gone.id),
        quantity: 1,
        available: false,
        problem: messages.onlyInStock(gone.name, 0),
      },
      { product: await shown(fine.id), quantity: 2, available: true },
    ]);
    expect(cart.total).toBe(80);
  });

  it('sets the quantity of a line with updateQuantity', async () => {
    const product = await createProduct(t.app.ctx.db, { price_paise: 20_00, count_in_stock: 6 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    const res = await updateQuantity(t.app, me.sid, { id: product.id, quantity: 6 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cartProducts: [{ product: await shown(product.id), quantity: 6, available: true }],
      total: 120,
    });
    expect((await cartRows(t.app.ctx.db, me.id)).map((r) => r.quantity)).toEqual([6]);
  });

  it('answers 404 "not in your cart" to updateQuantity for a product not in the cart, and adds nothing', async () => {
    const inCart = await createProduct(t.app.ctx.db);
    const other = await createProduct(t.app.ctx.db);
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, inCart.id, 1);
    const res = await updateQuantity(t.app, me.sid, { id: other.id, quantity: 2 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.notInCart);
    expect((await cartRows(t.app.ctx.db, me.id)).map((r) => [r.product_id, r.quantity])).toEqual([
      [inCart.id, 1],
    ]);
  });

  it('answers 404 "Product not found" to saveCart and updateQuantity for an unknown product', async () => {
    const me = await customer(t.app);
    const unknown = '7d1f4a4e-0000-4000-8000-000000000000';
    const saved = await saveCart(t.app, me.sid, { item: { _id: unknown }, quantity: 1 });
    expect(saved.statusCode).toBe(404);
    expect(saved.json()).toEqual(messages.productNotFound);
    const updated = await updateQuantity(t.app, me.sid, { id: unknown, quantity: 1 });
    expect(updated.statusCode).toBe(404);
    expect(updated.json()).toEqual(messages.productNotFound);
    expect(await cartRows(t.app.ctx.db, me.id)).toEqual([]);
  });

  it('removes the line at the index and answers the remaining lines as the body itself', async () => {
    const [a, b, c] = [
      await createProduct(t.app.ctx.db),
      await createProduct(t.app.ctx.db),
      await createProduct(t.app.ctx.db),
    ];
    const me = await customer(t.app);
    for (const p of [a, b, c]) await addToCart(t.app, me.sid, p.id, 1);

    const res = await removeCartLine(t.app, me.sid, { index: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { product: await shown(a.id), quantity: 1, available: true },
      { product: await shown(c.id), quantity: 1, available: true },
    ]);
    expect((await cartRows(t.app.ctx.db, me.id)).map((r) => r.product_id)).toEqual([a.id, c.id]);

    const last = await removeCartLine(t.app, me.sid, { index: 1 });
    expect(last.json()).toEqual([{ product: await shown(a.id), quantity: 1, available: true }]);
    const first = await removeCartLine(t.app, me.sid, { index: 0 });
    expect(first.json()).toEqual([]);
    expect(await cartRows(t.app.ctx.db, me.id)).toEqual([]);
  });

  it('answers 404 to an index past the last line and removes nothing', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    for (const index of [1, 2, 1000]) {
      const res = await removeCartLine(t.app, me.sid, { index });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(messages.invalidCartIndex);
    }
    expect(await cartRows(t.app.ctx.db, me.id)).toHaveLength(1);
  });

  it.each([
    ['-1', -1],
    ['1.5', 1.5],
    ['"0"', '0'],
    ['null', null],
    ['true', true],
    ['[]', []],
    ['missing', undefined],
  ])('answers 400 to the index %s and removes nothing', async (_case, index) => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    const res = await removeCartLine(t.app, me.sid, { index });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.invalidCartIndex);
    expect(await cartRows(t.app.ctx.db, me.id)).toHaveLength(1);
  });

  it("counts the cart's lines in get-products after saving and after deleting", async () => {
    const [a, b] = [await createProduct(t.app.ctx.db), await createProduct(t.app.ctx.db)];
    const me = await customer(t.app);
    expect((await listOf(t.app, me.sid)).userCartQuantity).toBe(0);
    await addToCart(t.app, me.sid, a.id, 3);
    expect((await listOf(t.app, me.sid)).userCartQuantity).toBe(1);
    await addToCart(t.app, me.sid, b.id, 2);
    await addToCart(t.app, me.sid, b.id, 4);
    expect((await listOf(t.app, me.sid)).userCartQuantity).toBe(2);
    await removeCartLine(t.app, me.sid, { index: 0 });
    expect((await listOf(t.app, me.sid)).userCartQuantity).toBe(1);
    await removeCartLine(t.app, me.sid, { index: 0 });
    expect((await listOf(t.app, me.sid)).userCartQuantity).toBe(0);
  });

  it('answers shoppers asking at once each with their own cart, in the order they added it', async () => {
    // On PostgreSQL these reads share trips to the database (db/batch.ts).
    const shoppers = await Promise.all([1, 2, 3].map(() => customer(t.app)));
    const products = await Promise.all(
      [1, 2, 3].map((n) => createProduct(t.app.ctx.db, { name: `Loom ${n}` })),
    );
    for (const [n, shopper] of shoppers.entries())
      for (const product of products.slice(n).reverse())
        await addToCart(t.app, shopper.sid, product.id, n + 1);
    const carts = await Promise.all([...shoppers, ...shoppers].map((shopper) => cartOf(t.app, shopper.sid)));
    const lines = carts.map((cart) => cart.cartProducts.map((line) => [line.product.name, line.quantity]));
    const expected = [
      [
        ['Loom 3', 1],
        ['Loom 2', 1],
        ['Loom 1', 1],
      ],
      [
        ['Loom 3', 2],
        ['Loom 2', 2],
      ],
      [['Loom 3', 3]],
    ];
    expect(lines).toEqual([...expected, ...expected]);
  });
});
