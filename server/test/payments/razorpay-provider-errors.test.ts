import { messages } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import {
  checkoutsOf,
  customerWithCart,
  getCart,
  orderCreate,
  razorpayEnv,
  startRazorpayShop,
  type RazorpayShop,
  stockOf,
} from '../helpers/razorpay-flow.js';
import { startRazorpayStandin } from '../helpers/razorpay-standin.js';

/**
 * A customer with two lines (stock 5 and 7) asks for an order the provider
 * does not give: the shop must answer 502, give the stock back and keep the cart.
 */
async function expectRefusedAndReleased(app: App) {
  const me = await customerWithCart(app, [
    { product: { count_in_stock: 5 }, quantity: 2 },
    { product: { count_in_stock: 7 }, quantity: 1 },
  ]);
  const cartBefore = await getCart(app, me.sid);

  const res = await orderCreate(app, me.sid);

  expect(res.statusCode).toBe(502);
  expect(res.json()).toEqual(messages.paymentProviderFailed);
  expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(5);
  expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(7);
  const checkouts = await checkoutsOf(app.ctx.db, me.userId);
  expect(checkouts.map((c) => [c.status, c.provider_order_id])).toEqual([['released', null]]);
  expect(await getCart(app, me.sid)).toEqual(cartBefore);
  return me;
}

describe(`Razorpay failing to create the order (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.standin.reset());

  it.each([
    [500, 'We are facing some trouble completing your request at the moment. Please try again shortly.'],
    [400, 'The amount must be at least INR 1.00'],
    [401, 'Authentication failed'],
  ])('answers 502 and releases the reservation when Razorpay answers %i', async (status, description) => {
    shop.standin.failNext(status, description);
    await expectRefusedAndReleased(shop.t.app);
    expect(shop.standin.orderRequests()).toHaveLength(1);
    expect(shop.standin.orders.size).toBe(0);
  });

  it('answers 502 and releases the reservation when Razorpay answers later than PAYMENT_TIMEOUT_MS', async () => {
    shop.standin.delayMs = 5_000;
    await expectRefusedAndReleased(shop.t.app);
    expect(shop.standin.orderRequests()).toHaveLength(1);
  });

  it('answers 502 and releases the reservation when Razorpay drops the connection', async () => {
    shop.standin.closeConnections = true;
    await expectRefusedAndReleased(shop.t.app);
    expect(shop.standin.orderRequests()).toHaveLength(1);
  });

  it('lets the customer try again once Razorpay answers, with the stock reserved once', async () => {
    const { app } = shop.t;
    shop.standin.failNext(500, 'Server error');
    const me = await expectRefusedAndReleased(app);

    const retry = await orderCreate(app, me.sid);

    expect(retry.statusCode).toBe(200);
    expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(3);
    expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(6);
    const checkouts = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkouts.map((c) => c.status).sort()).toEqual(['pending', 'released']);
  });
});

describe(`Razorpay refusing the configured keys (${testDbKind})`, () => {
  let standin: Awaited<ReturnType<typeof startRazorpayStandin>>;
  let t: TestApp;
  beforeAll(async () => {
    standin = await startRazorpayStandin({ keyId: 'rzp_test_standin', keySecret: 'the-real-secret' });
    t = await createTestApp(razorpayEnv(standin.url, { RAZORPAY_KEY_SECRET: 'a-revoked-secret' }));
  });
  afterAll(async () => {
    await t.close();
    await standin.close();
  });

  it("answers 502 and releases the reservation when Razorpay's Basic auth check fails (401)", async () => {
    await expectRefusedAndReleased(t.app);
    expect(standin.orderRequests()).toHaveLength(1);
    expect(standin.orders.size).toBe(0);
  });
});

describe(`Razorpay not listening (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    const standin = await startRazorpayStandin({ keyId: 'rzp_test_standin', keySecret: 'standin-secret' });
    await standin.close();
    t = await createTestApp(razorpayEnv(standin.url));
  });
  afterAll(() => t.close());

  it('answers 502 and releases the reservation when the connection is refused', async () => {
    await expectRefusedAndReleased(t.app);
  });
});
