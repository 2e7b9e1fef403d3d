import { messages, type Cart, type OrderCreateAnswer, commerceMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseExpiredCheckouts } from '../../src/modules/checkout/release.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cancelPayment,
  cartOf,
  customer,
  payWithTestCard,
  startCheckout,
  stockOf,
  validShipping,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';
import { TEST_CARDS } from '@shop/shared';

const MINUTE = 60_000;

/**
 * Issue 29 item 1: what one shopper may keep from others without paying.
 * The shipped defaults: a hold lasts 10 minutes, an account's unpaid holds
 * 20 minutes in any hour, one checkout at most 20 units, one address 40.
 */
describe(`unpaid holds are bounded (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      CHECKOUT_STARTS_PER_HOUR_PER_ADDRESS: '1000',
      CHECKOUT_MAX_UNITS_PER_ADDRESS: '1000',
    });
    t.clock.freeze();
  });
  afterAll(() => t.close());

  const orderCreate = (sid: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/orderCreate',
      cookies: { sid },
      remoteAddress,
      payload: { data: validShipping() },
    });

  async function holder(stock: number, quantity: number) {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: stock });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, quantity);
    return { me, product };
  }

  it('refuses a checkout of more than 20 units with 409 before taking any stock', async () => {
    const { me, product } = await holder(50, 21);
    const res = await orderCreate(me.sid);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toBe(commerceMessages.checkoutTooManyUnits(20));
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(50);
  });

  it('never renews a hold by asking again: the new hold ends when the first would have', async () => {
    const { me, product } = await holder(5, 5);
    const first = await startCheckout(t.app, me.sid);
    expect(first.expiresIn).toBe(600);
    t.clock.advance(6 * MINUTE);
    const again = await startCheckout(t.app, me.sid);
    expect(again.expiresIn).toBe(240);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(0);

    t.clock.advance(4 * MINUTE + 1000);
    await releaseExpiredCheckouts(t.app.ctx);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(5);
  });

  it('holds an account at most 20 minutes an hour, however it cancels and starts again', async () => {
    const { me, product } = await holder(3, 3);
    let held = 0;
    for (;;) {
      const res = await orderCreate(me.sid);
      if (res.statusCode !== 200) {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toMatch(/^Items were held for your payment too long without a payment/);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
      const { id, expiresIn } = res.json() as OrderCreateAnswer;
      held += expiresIn;
      t.clock.advance(expiresIn * 1000 - 1000);
      expect((await cancelPayment(t.app, me.sid, id)).statusCode).toBe(200);
    }
    expect(held).toBeLessThanOrEqual(20 * 60);
    expect(held).toBeGreaterThan(19 * 60);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);

    // An hour after the first, the account may hold again.
    t.clock.advance(60 * MINUTE);
    expect((await orderCreate(me.sid)).statusCode).toBe(200);
  });

  it('gives the earlier hold back at once when the same shopper starts again, even if refused', async () => {
    const { me, product } = await holder(4, 2);
    await startCheckout(t.app, me.sid);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(2);
    await addToCart(t.app, me.sid, (await createProduct(t.app.ctx.db, { count_in_stock: 30 })).id, 19);
    expect((await orderCreate(me.sid)).statusCode).toBe(409);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(4);
  });

  it("keeps an abandoned window's item available in the shopper's own cart, and checks it out again", async () => {
    const { me, product } = await holder(2, 2);
    await startCheckout(t.app, me.sid);
    const other = await customer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/saveCart',
      cookies: { sid: other.sid },
      payload: { item: { _id: product.id }, quantity: 1 },
    });
    expect(res.statusCode).toBe(409);

    const cart: Cart = await cartOf(t.app, me.sid);
    expect(cart.cartProducts).toEqual([
      expect.objectContaining({
        available: true,
        quantity: 2,
        product: expect.objectContaining({ countInStock: 2 }),
      }),
    ]);
    expect((await orderCreate(me.sid)).statusCode).toBe(200);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(0);
  });

  it('takes no test payment after the hold ended, swept or not', async () => {
    const { me } = await holder(3, 1);
    const { id } = await startCheckout(t.app, me.sid);
    t.clock.advance(10 * MINUTE + 1000);
    const res = await payWithTestCard(t.app, me.sid, id, TEST_CARDS.success);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.checkoutExpired);
  });
});

describe(`holds from one client address and checkouts started (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      CHECKOUT_STARTS_PER_HOUR: '3',
      CHECKOUT_STARTS_PER_HOUR_PER_ADDRESS: '5',
      CHECKOUT_MAX_UNITS_PER_ADDRESS: '6',
    });
  });
  afterAll(() => t.close());

  const orderCreate = (sid: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/orderCreate',
      cookies: { sid },
      remoteAddress,
      payload: { data: validShipping() },
    });

  it('lets the accounts of one address hold 6 units together, and others still buy', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 20 });
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      const me = await customer(t.app);
      await addToCart(t.app, me.sid, product.id, 3);
      answers.push(await orderCreate(me.sid, '10.0.0.7'));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]!.json()).toBe(commerceMessages.checkoutAddressBusy);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(14);

    const elsewhere = await customer(t.app);
    await addToCart(t.app, elsewhere.sid, product.id, 3);
    expect((await orderCreate(elsewhere.sid, '10.0.0.8')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 20 });
    const statuses = [];
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '2001:db8:1:2:aaaa:bbbb:cccc:dddd']) {
      const me = await customer(t.app);
      await addToCart(t.app, me.sid, product.id, 3);
      statuses.push((await orderCreate(me.sid, address)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('lets an account start 3 checkouts an hour, then answers 429 with the wait', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 20 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await orderCreate(me.sid, '10.0.1.1'));
    expect(statuses.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(statuses[3]!.json()).toBe(commerceMessages.checkoutTooOften(60));
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(20);
  });

  it('lets one address start 5 checkouts an hour across accounts', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 20 });
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const me = await customer(t.app);
      await addToCart(t.app, me.sid, product.id, 1);
      const res = await orderCreate(me.sid, '10.0.2.2');
      statuses.push(res.statusCode);
      if (res.statusCode === 200) await cancelPayment(t.app, me.sid, (res.json() as OrderCreateAnswer).id);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
