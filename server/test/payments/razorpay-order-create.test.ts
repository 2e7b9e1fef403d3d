import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/databases.js';
import {
  checkoutsOf,
  customerWithCart,
  getCart,
  orderCreate,
  RAZORPAY_KEYS,
  shippingDetails,
  startRazorpayShop,
  type RazorpayShop,
  stockOf,
} from '../helpers/razorpay-flow.js';

const basicAuth = `Basic ${Buffer.from(`${RAZORPAY_KEYS.keyId}:${RAZORPAY_KEYS.keySecret}`).toString('base64')}`;

describe(`creating the Razorpay order (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.standin.reset());

  it("answers the stand-in's order id, the rupee amount, the provider and the public key", async () => {
    const { app } = shop.t;
    const me = await customerWithCart(app, [{ product: { price_paise: 1299_50 }, quantity: 2 }]);

    const res = await orderCreate(app, me.sid);

    expect(res.statusCode).toBe(200);
    const [created] = [...shop.standin.orders.values()];
    expect(created?.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(res.json()).toEqual({
      data: { id: created!.id, currency: 'INR', amount: 2599 },
      id: created!.id,
      provider: 'razorpay',
      key: RAZORPAY_KEYS.keyId,
      // The hold's 10 minutes, less the moments the answer took.
      expiresIn: expect.toSatisfy((s: number) => s > 590 && s <= 600),
    });
  });

  it('sends exactly one POST /v1/orders with Basic auth and the server total in paise, receipt = checkout id', async () => {
    const { app } = shop.t;
    const me = await customerWithCart(app, [
      { product: { price_paise: 1299_50 }, quantity: 2 },
      { product: { price_paise: 49_00 }, quantity: 3 },
    ]);

    const res = await orderCreate(app, me.sid);

    expect(res.statusCode).toBe(200);
    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(shop.standin.requests).toHaveLength(1);
    expect(shop.standin.requests[0]).toEqual({
      method: 'POST',
      path: '/v1/orders',
      authorization: basicAuth,
      body: { amount: 2 * 1299_50 + 3 * 49_00, currency: 'INR', receipt: checkout!.id, payment_capture: 1 },
    });
    expect(checkout).toMatchObject({
      status: 'pending',
      provider: 'razorpay',
      provider_order_id: (res.json() as { id: string }).id,
      amount_paise: 2 * 1299_50 + 3 * 49_00,
    });
  });

  it('ignores an amount, currency or order id sent by the client', async () => {
    const { app } = shop.t;
    const me = await customerWithCart(app, [{ product: { price_paise: 1299_50 }, quantity: 2 }]);

    const res = await orderCreate(app, me.sid, {
      key: 'rzp_live_attacker',
      order_id: 'order_Attacker000000',
      amount: 100,
      currency: 'USD',
      payment_capture: 0,
      data: shippingDetails(),
      cartProducts: [{ product: { _id: me.products[0]!.id, price: 1 }, quantity: 2 }],
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { currency: 'INR', amount: 2599 }, key: RAZORPAY_KEYS.keyId });
    expect(shop.standin.orderRequests().map((r) => r.body)).toEqual([
      expect.objectContaining({ amount: 259900, currency: 'INR', payment_capture: 1 }),
    ]);
  });

  it('reserves the stock and leaves the cart as it is while the payment is open', async () => {
    const { app } = shop.t;
    const me = await customerWithCart(app, [{ product: { count_in_stock: 5 }, quantity: 2 }]);

    expect((await orderCreate(app, me.sid)).statusCode).toBe(200);

    expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(3);
    expect((await getCart(app, me.sid)).map((l) => l.quantity)).toEqual([2]);
  });

  it('GET /api/payment/config answers the provider and the public key, never the secret', async () => {
    const { app } = shop.t;
    const me = await customerWithCart(app, []);

    const res = await app.inject({ method: 'GET', url: '/api/payment/config', cookies: { sid: me.sid } });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'razorpay', key: RAZORPAY_KEYS.keyId });
    expect(res.body).not.toContain(RAZORPAY_KEYS.keySecret);
    expect(shop.standin.requests).toEqual([]);
  });
});
