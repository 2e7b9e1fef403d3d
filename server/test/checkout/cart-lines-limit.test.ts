import { MAX_CART_LINES, messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  buyCart,
  cartRows,
  checkoutRows,
  customer,
  orderCreate,
  saveCart,
  stockOf,
  validShipping,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { addCartLine, createProducts } from '../helpers/products.js';

/**
 * A cart holds at most MAX_CART_LINES different products: a checkout's
 * statements grow with the cart, and past about 1,600 lines SQLite refused the
 * order rows after the payment was taken.
 */
describe(`the number of products in a cart (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // A full cart of one of each: the checkout may hold that many units here.
    t = await createTestApp({ CHECKOUT_MAX_UNITS: '1000' });
  });
  afterAll(() => t.close());

  /** A shopper whose cart already holds `lines` products, put there row by row. */
  async function shopperWithLines(lines: number) {
    const me = await customer(t.app);
    const products = await createProducts(t.app.ctx.db, lines, () => ({ count_in_stock: 5 }));
    for (const product of products) await addCartLine(t.app.ctx.db, me.id, product.id, 1);
    return { me, products };
  }

  it('adds the last free line, then refuses a new product with 409 and the limit; quantities still change', async () => {
    const { me, products } = await shopperWithLines(MAX_CART_LINES - 1);
    const [last, oneMore] = await createProducts(t.app.ctx.db, 2, () => ({ count_in_stock: 5 }));

    const fills = await saveCart(t.app, me.sid, { item: { _id: last!.id }, quantity: 1 });
    expect(fills.statusCode, fills.body).toBe(200);
    expect(await cartRows(t.app.ctx.db, me.id)).toHaveLength(MAX_CART_LINES);

    const refused = await saveCart(t.app, me.sid, { item: { _id: oneMore!.id }, quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(messages.cartFull(MAX_CART_LINES));
    const rows = await cartRows(t.app.ctx.db, me.id);
    expect(rows).toHaveLength(MAX_CART_LINES);
    expect(rows.map((row) => row.product_id)).not.toContain(oneMore!.id);

    // A product already in the full cart is a line that exists: its quantity may change.
    const more = await saveCart(t.app, me.sid, { item: { _id: products[0]!.id }, quantity: 3 });
    expect(more.statusCode, more.body).toBe(200);
    expect((await cartRows(t.app.ctx.db, me.id)).find((r) => r.product_id === products[0]!.id)).toMatchObject(
      {
        quantity: 3,
      },
    );
  });

  it('places the order of a full cart: one order per line', async () => {
    const { me } = await shopperWithLines(MAX_CART_LINES);
    const { orders } = await buyCart(t.app, me.sid);
    expect(orders).toHaveLength(MAX_CART_LINES);
  });

  it('refuses to check out a cart over the limit (saved before it) with 409, taking no stock', async () => {
    const { me, products } = await shopperWithLines(MAX_CART_LINES + 1);
    const res = await orderCreate(t.app, me.sid, validShipping());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messages.cartFull(MAX_CART_LINES));
    expect(await checkoutRows(t.app.ctx.db, me.id)).toEqual([]);
    expect(await stockOf(t.app.ctx.db, products[0]!.id)).toBe(5);
    expect(await stockOf(t.app.ctx.db, products.at(-1)!.id)).toBe(5);
    expect(await cartRows(t.app.ctx.db, me.id)).toHaveLength(MAX_CART_LINES + 1);
  });
});
