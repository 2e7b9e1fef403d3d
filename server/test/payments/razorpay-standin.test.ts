import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RAZORPAY_KEYS } from '../helpers/razorpay-flow.js';
import { checkoutResult, startRazorpayStandin, type RazorpayStandin } from '../helpers/razorpay-standin.js';
import { paymentSignature } from '../../src/modules/payments/signatures.js';

/**
 * The stand-in must speak Razorpay's Orders API faithfully, or the payment
 * tests prove nothing: these check it over real HTTP, as the shop talks to it.
 */
describe('the Razorpay stand-in', () => {
  let standin: RazorpayStandin;
  const auth = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const goodAuth = auth(RAZORPAY_KEYS.keyId, RAZORPAY_KEYS.keySecret);
  const post = (body: unknown, authorization = goodAuth) =>
    fetch(`${standin.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    standin = await startRazorpayStandin(RAZORPAY_KEYS);
  });
  afterAll(() => standin.close());
  beforeEach(() => standin.reset());

  it('creates an order as the Orders API does and answers it again on GET', async () => {
    const res = await post({ amount: 50000, currency: 'INR', receipt: 'rcpt_1' });

    expect(res.status).toBe(200);
    const order = (await res.json()) as Record<string, unknown>;
    expect(order).toMatchObject({
      entity: 'order',
      amount: 50000,
      amount_paid: 0,
      amount_due: 50000,
      currency: 'INR',
      receipt: 'rcpt_1',
      status: 'created',
      attempts: 0,
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(Number.isInteger(order.created_at)).toBe(true); // unix seconds, as Razorpay answers
    const again = await fetch(`${standin.url}/v1/orders/${String(order.id)}`, {
      headers: { authorization: goodAuth },
    });
    expect(await again.json()).toEqual(order);
  });

  it('refuses wrong or missing Basic auth with 401 Authentication failed', async () => {
    const ordersBefore = standin.orders.size;
    for (const authorization of [auth(RAZORPAY_KEYS.keyId, 'wrong'), '']) {
      const res = await post({ amount: 50000, currency: 'INR' }, authorization);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
      });
    }
    expect(standin.orders.size).toBe(ordersBefore);
  });

  it.each([
    [{ currency: 'INR' }],
    [{ amount: 99, currency: 'INR' }],
    [{ amount: 100.5, currency: 'INR' }],
    [{ amount: '50000', currency: 'INR' }],
    [{ amount: 50000 }],
    [{ amount: 50000, currency: 'rupees' }],
    [{ amount: 50000, currency: 'INR', receipt: 'r'.repeat(41) }],
    [{ amount: 50000, currency: 'INR', discount: 10 }],
  ])('refuses %j with 400 BAD_REQUEST_ERROR', async (body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
  });

  it('refuses a receipt it has seen before', async () => {
    expect((await post({ amount: 50000, currency: 'INR', receipt: 'same' })).status).toBe(200);
    expect((await post({ amount: 50000, currency: 'INR', receipt: 'same' })).status).toBe(400);
  });

  it('records every request with its method, path, auth header and parsed body', async () => {
    await post({ amount: 12300, currency: 'INR', receipt: 'rcpt_rec' });
    expect(standin.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/orders',
        authorization: goodAuth,
        body: { amount: 12300, currency: 'INR', receipt: 'rcpt_rec' },
      },
    ]);
  });

  it('fails the next request only, when told to', async () => {
    standin.failNext(503, 'Service unavailable');
    const failed = await post({ amount: 50000, currency: 'INR' });
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({
      error: { code: 'SERVER_ERROR', description: 'Service unavailable' },
    });
    expect((await post({ amount: 50000, currency: 'INR' })).status).toBe(200);
  });

  it('drops the connection when told to', async () => {
    standin.closeConnections = true;
    await expect(post({ amount: 50000, currency: 'INR' })).rejects.toThrow();
  });

  it("signs a checkout result exactly as the shop's verifier expects", () => {
    const result = checkoutResult('order_Abcdefghijklmn', RAZORPAY_KEYS.keySecret, 'pay_Abcdefghijklmn');
    expect(result.razorpay_signature).toBe(
      paymentSignature(RAZORPAY_KEYS.keySecret, 'order_Abcdefghijklmn', 'pay_Abcdefghijklmn'),
    );
    expect(checkoutResult('order_X', 'k').razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
  });
});
