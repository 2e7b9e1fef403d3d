import { messages } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/databases.js';
import {
  customerWithCart,
  ordersOf,
  payingCustomer,
  postWebhook,
  RAZORPAY_KEYS,
  signedWebhook,
  snapshot,
  startPayment,
  startRazorpayShop,
  type RazorpayShop,
} from '../helpers/razorpay-flow.js';
import { webhookRequest } from '../helpers/razorpay-standin.js';

describe(`the Razorpay webhook's signature and sender (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.standin.reset());

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    const before = await snapshot(app, me);
    const forged = webhookRequest('not-the-webhook-secret', {
      event: 'payment.captured',
      orderId: me.orderId,
      amount: me.amount,
    });

    const res = await postWebhook(app, forged);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.webhookSignatureInvalid);
    expect(await snapshot(app, me)).toEqual(before);
  });

  it('refuses an event with no signature header with 400', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    const request = signedWebhook({ event: 'payment.captured', orderId: me.orderId, amount: me.amount });
    const { 'x-razorpay-signature': _dropped, ...headers } = request.headers;

    const res = await postWebhook(app, { payload: request.payload, headers });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.webhookSignatureInvalid);
    expect(await ordersOf(app.ctx.db, me.userId)).toEqual([]);
  });

  it.each([
    ['with different spacing', (raw: string) => JSON.stringify(JSON.parse(raw), null, 2)],
    [
      'with its keys in another order',
      (raw: string) => {
        const { payload, ...rest } = JSON.parse(raw) as Record<string, unknown>;
        return JSON.stringify({ payload, ...rest });
      },
    ],
  ])(
    'refuses a correctly signed body re-serialised %s: the signature covers the raw bytes',
    async (_how, reserialise) => {
      const { app } = shop.t;
      const me = await payingCustomer(shop);
      const before = await snapshot(app, me);
      const request = signedWebhook({ event: 'payment.captured', orderId: me.orderId, amount: me.amount });
      const changed = reserialise(request.payload);
      expect(JSON.parse(changed)).toEqual(JSON.parse(request.payload));
      expect(changed).not.toBe(request.payload);

      const res = await postWebhook(app, { payload: changed, headers: request.headers });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(messages.webhookSignatureInvalid);
      expect(await snapshot(app, me)).toEqual(before);
    },
  );

  it('verifies the bytes as sent, whatever JSON encoding Razorpay chose (escaped slashes, UTF-8 text)', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    const phpStyle = (body: Record<string, unknown>) =>
      JSON.stringify(body).replaceAll('/', '\\/').replaceAll('₹', '\\u20b9');
    const request = webhookRequest(
      RAZORPAY_KEYS.webhookSecret,
      { event: 'payment.captured', orderId: me.orderId, amount: me.amount },
      phpStyle,
    );
    expect(request.payload).toContain('1\\/1 (\\u20b9)');
    expect(request.payload).toContain('–');

    const res = await postWebhook(app, request);

    expect(res.statusCode).toBe(200);
    expect(await ordersOf(app.ctx.db, me.userId)).toHaveLength(2);
  });

  it('accepts a signed event with no session and no Origin header (not refused by the Origin check)', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    const request = signedWebhook({ event: 'payment.captured', orderId: me.orderId, amount: me.amount });
    expect(Object.keys(request.headers).sort()).toEqual([
      'content-type',
      'x-razorpay-event-id',
      'x-razorpay-signature',
    ]);

    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { ...request.headers, 'user-agent': 'Razorpay-Webhook/v1' },
      payload: request.payload,
    });

    expect(res.statusCode).toBe(200);
    expect(await ordersOf(app.ctx.db, me.userId)).toHaveLength(2);
  });
});

describe(`the Razorpay webhook without RAZORPAY_WEBHOOK_SECRET (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop({ RAZORPAY_WEBHOOK_SECRET: '' });
  });
  afterAll(() => shop.close());

  it('runs with Razorpay keys but no webhook secret', () => {
    expect(shop.t.app.ctx.config.razorpay).toMatchObject({
      keyId: RAZORPAY_KEYS.keyId,
      webhookSecret: undefined,
    });
  });

  it.each([
    ['signed with the webhook secret Razorpay would use', RAZORPAY_KEYS.webhookSecret],
    ['signed with the key secret', RAZORPAY_KEYS.keySecret],
    ['signed with an empty secret', ''],
  ])('answers 400 to every event, even one %s', async (_how, secret) => {
    const { app } = shop.t;
    const me = await customerWithCart(app, [{ quantity: 1 }]);
    const { id: orderId } = await startPayment(app, me.sid);
    const before = await snapshot(app, me);

    const res = await postWebhook(
      app,
      webhookRequest(secret, { event: 'payment.captured', orderId, amount: 100_00 }),
    );

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.webhookSignatureInvalid);
    expect(await snapshot(app, me)).toEqual(before);
  });
});
