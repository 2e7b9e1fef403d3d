import { MAX_CART_QUANTITY, messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, cartRows, customer, saveCart, updateQuantity } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

const badQuantities: [string, unknown, string][] = [
  ['0', 0, messages.quantityAtLeastOne],
  ['-1', -1, messages.quantityAtLeastOne],
  ['-100', -100, messages.quantityAtLeastOne],
  ['1.5', 1.5, messages.quantityWholeNumber],
  ['"2.5"', '2.5', messages.quantityWholeNumber],
  ['"two"', 'two', messages.quantityWholeNumber],
  ['" 2"', ' 2', messages.quantityWholeNumber],
  ['"0"', '0', messages.quantityAtLeastOne],
  ['1e9', 1e9, messages.quantityTooLarge],
  [`${MAX_CART_QUANTITY + 1}`, MAX_CART_QUANTITY + 1, messages.quantityTooLarge],
  ['null', null, messages.quantityWholeNumber],
  ['[]', [], messages.quantityWholeNumber],
  ['{}', {}, messages.quantityWholeNumber],
  ['missing', undefined, messages.quantityWholeNumber],
];

describe(`cart quantities (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(badQuantities)(
    'rejects the quantity %s in saveCart with 400 and stores nothing',
    async (_c, quantity, message) => {
      const product = await createProduct(t.app.ctx.db, { count_in_stock: 5000 });
      const me = await customer(t.app);
      const res = await saveCart(t.app, me.sid, { item: { _id: product.id }, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(message);
      expect(await cartRows(t.app.ctx.db, me.id)).toEqual([]);
    },
  );

  it.each(badQuantities)(
    'rejects the quantity %s in updateQuantity with 400 and keeps the line as it was',
    async (_c, quantity, message) => {
      const product = await createProduct(t.app.ctx.db, { count_in_stock: 5000 });
      const me = await customer(t.app);
      await addToCart(t.app, me.sid, product.id, 3);
      const res = await updateQuantity(t.app, me.sid, { id: product.id, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(message);
      expect((await cartRows(t.app.ctx.db, me.id)).map((r) => r.quantity)).toEqual([3]);
    },
  );

  it('rejects a cart quantity above the stock with 409 naming the product, and stores nothing', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 4 });
    const me = await customer(t.app);
    const res = await saveCart(t.app, me.sid, { item: { _id: product.id }, quantity: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messages.onlyInStock(product.name, 4));
    expect(await cartRows(t.app.ctx.db, me.id)).toEqual([]);
  });

  it('rejects any quantity of an out-of-stock product with 409 "out of stock"', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 0 });
    const me = await customer(t.app);
    const res = await saveCart(t.app, me.sid, { item: { _id: product.id }, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messages.onlyInStock(product.name, 0));
    expect(await cartRows(t.app.ctx.db, me.id)).toEqual([]);
  });

  it('takes a quantity sent as a select\'s text, "3", as 3 in saveCart and updateQuantity', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const me = await customer(t.app);
    expect((await saveCart(t.app, me.sid, { item: { _id: product.id }, quantity: '3' })).statusCode).toBe(
      200,
    );
    expect((await cartRows(t.app.ctx.db, me.id)).map((r) => r.quantity)).toEqual([3]);
    expect((await updateQuantity(t.app, me.sid, { id: product.id, quantity: '5' })).statusCode).toBe(200);
    expect((await cartRows(t.app.ctx.db, me.id)).map((r) => r.quantity)).toEqual([5]);
  });

  it('accepts a quantity equal to the stock', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 4 });
    const me = await customer(t.app);
    const cart = await addToCart(t.app, me.sid, product.id, 4);
    expect(cart.cartProducts.map((l) => [l.quantity, l.available])).toEqual([[4, true]]);
  });

  it('keeps the old quantity when saving again or updating above the stock answers 409', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 4 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 2);
    const saved = await saveCart(t.app, me.sid, { item: { _id: product.id }, quantity: 5 });
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toEqual(messages.onlyInStock(product.name, 4));
    const updated = await updateQuantity(t.app, me.sid, { id: product.id, quantity: 5 });
    expect(updated.statusCode).toBe(409);
    expect(updated.json()).toEqual(messages.onlyInStock(product.name, 4));
    expect((await cartRows(t.app.ctx.db, me.id)).map((r) => r.quantity)).toEqual([2]);
  });

  it.each([
    ['no item', { quantity: 1 }],
    ['an item without _id', { item: { name: 'x' }, quantity: 1 }],
    ['an empty _id', { item: { _id: '' }, quantity: 1 }],
    ['a numeric _id', { item: { _id: 42 }, quantity: 1 }],
  ])('rejects a saveCart with %s with 400 "Product not found"', async (_c, payload) => {
    const me = await customer(t.app);
    const res = await saveCart(t.app, me.sid, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.productNotFound);
    expect(await cartRows(t.app.ctx.db, me.id)).toEqual([]);
  });
});
