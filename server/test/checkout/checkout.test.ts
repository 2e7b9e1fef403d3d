import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cartOf,
  checkoutRows,
  customer,
  orderCreate,
  setStock,
  startCheckout,
  stockOf,
  validShipping,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';
import { TEST_KEY_ID } from '../../src/modules/payments/test-gateway.js';

describe(`orderCreate with the test gateway (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reserves the stock and answers the database total in rupees, ignoring what the client says it costs', async () => {
    const kurta = await createProduct(t.app.ctx.db, { price_paise: 1299_50, count_in_stock: 5 });
    const lamp = await createProduct(t.app.ctx.db, { price_paise: 499_00, count_in_stock: 3 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, kurta.id, 2);
    await addToCart(t.app, me.sid, lamp.id, 1);

    const shipping = validShipping();
    const res = await orderCreate(t.app, me.sid, shipping, {
      amount: 1,
      currency: 'USD',
      key: 'rzp_live_attacker',
      order_id: 'order_attacker',
      payment_capture: 0,
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { id: string };
    expect(answer).toEqual({
      data: { id: answer.id, currency: 'INR', amount: 3098 },
      id: expect.stringMatching(/^order_test_/),
      provider: 'test',
      key: TEST_KEY_ID,
      // The hold's 10 minutes, less the moments the answer took.
      expiresIn: expect.toSatisfy((s: number) => s > 590 && s <= 600),
    });

    const rows = await checkoutRows(t.app.ctx.db, me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      provider: 'test',
      provider_order_id: answer.id,
      currency: 'INR',
      payment_id: null,
      closed_at: null,
    });
    expect(Number(rows[0]!.amount_paise)).toBe(3098_00);
    expect(JSON.parse(rows[0]!.shipping)).toEqual(shipping);
    const lines = await t.app.ctx.db
      .selectFrom('checkout_lines')
      .select(['product_id', 'name', 'image', 'price_paise', 'quantity'])
      .where('checkout_id', '=', rows[0]!.id)
      .execute();
    expect(lines.map((l) => ({ ...l, price_paise: Number(l.price_paise) }))).toEqual(
      expect.arrayContaining([
        { product_id: kurta.id, name: kurta.name, image: kurta.image, price_paise: 1299_50, quantity: 2 },
        { product_id: lamp.id, name: lamp.name, image: lamp.image, price_paise: 499_00, quantity: 1 },
      ]),
    );
    expect(lines).toHaveLength(2);

    // Reserved at once; the cart stays as it was until the payment is verified.
    expect(await stockOf(t.app.ctx.db, kurta.id)).toBe(3);
    expect(await stockOf(t.app.ctx.db, lamp.id)).toBe(2);
    expect((await cartOf(t.app, me.sid)).cartProducts.map((l) => l.quantity)).toEqual([2, 1]);
  });

  it('releases the earlier pending reservation when orderCreate is called again', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 2);
    const first = await startCheckout(t.app, me.sid);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);
    const second = await startCheckout(t.app, me.sid);
    expect(second.id).not.toBe(first.id);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);

    const rows = await checkoutRows(t.app.ctx.db, me.id);
    expect(rows.map((r) => [r.provider_order_id, r.status])).toEqual([
      [first.id, 'released'],
      [second.id, 'pending'],
    ]);
  });

  it('reserves the cart as it is at the second call, after a quantity change', async () => {
    const product = await createProduct(t.app.ctx.db, { price_paise: 10_00, count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 2);
    await startCheckout(t.app, me.sid);
    await addToCart(t.app, me.sid, product.id, 3);
    const again = await startCheckout(t.app, me.sid);
    expect(again.data.amount).toBe(30);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(2);
  });

  it('answers 400 "Your cart is empty" for an empty cart and creates no checkout', async () => {
    const me = await customer(t.app);
    const res = await orderCreate(t.app, me.sid, validShipping());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.cartEmpty);
    expect(await checkoutRows(t.app.ctx.db, me.id)).toEqual([]);
  });

  it('answers 409 naming a product whose stock no longer covers its line, and reserves nothing', async () => {
    const plenty = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const short = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const alsoPlenty = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, plenty.id, 2);
    await addToCart(t.app, me.sid, short.id, 4);
    await addToCart(t.app, me.sid, alsoPlenty.id, 3);
    await setStock(t.app.ctx.db, short.id, 3);

    const res = await orderCreate(t.app, me.sid, validShipping());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messages.onlyInStock(short.name, 3));
    expect(await stockOf(t.app.ctx.db, plenty.id)).toBe(10);
    expect(await stockOf(t.app.ctx.db, short.id)).toBe(3);
    expect(await stockOf(t.app.ctx.db, alsoPlenty.id)).toBe(10);
    expect(await checkoutRows(t.app.ctx.db, me.id)).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('checkout_lines').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ product_id: short.id }),
    );
  });

  it('answers 409 "out of stock" when a line sold out entirely', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 2 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    await setStock(t.app.ctx.db, product.id, 0);
    const res = await orderCreate(t.app, me.sid, validShipping());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messages.onlyInStock(product.name, 0));
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(0);
  });

  it('leaves the earlier reservation released when the new one fails', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 3);
    const first = await startCheckout(t.app, me.sid);
    // Meanwhile the rest sold and the line asks for more than the hold gives back.
    await setStock(t.app.ctx.db, product.id, 0);
    await t.app.ctx.db.updateTable('cart_lines').set({ quantity: 4 }).where('user_id', '=', me.id).execute();
    const res = await orderCreate(t.app, me.sid, validShipping());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messages.onlyInStock(product.name, 3));
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);
    expect((await checkoutRows(t.app.ctx.db, me.id)).map((r) => [r.provider_order_id, r.status])).toEqual([
      [first.id, 'released'],
    ]);
  });
});
