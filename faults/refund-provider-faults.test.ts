import fs from 'node:fs';
import { orderMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpayStandin, type RazorpayStandin } from '../server/test/helpers/razorpay-standin.js';
import { createSharedDatabase } from './support/postgres.js';
import {
  addToCart,
  api,
  login,
  products,
  register,
  shipping,
  startShop,
  tempDir,
  type Api,
  type CatalogProduct,
  type Shop,
} from './support/shop.js';

const keys = { keyId: 'rzp_test_FaultRefunds1', keySecret: 'fault-suite-refund-secret' };

/**
 * The payment provider down, slow or erring while the shop refunds, with a
 * SIGKILL between: the refund request is never lost (it is stored before it
 * is sent) and never paid twice (every resend carries its idempotency key).
 */
describe('refunds while the payment provider is down, slow or erring', () => {
  let standin: RazorpayStandin;
  let database: Awaited<ReturnType<typeof createSharedDatabase>>;
  let dataDir: string;
  let shop: Shop;
  let client: Api;
  let ownerSid: string;
  let goods: CatalogProduct;
  const shops: Shop[] = [];

  const start = async () => {
    const started = await startShop({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      RAZORPAY_KEY_ID: keys.keyId,
      RAZORPAY_KEY_SECRET: keys.keySecret,
      RAZORPAY_API_BASE: standin.url,
      PAYMENT_TIMEOUT_MS: '500',
    });
    shops.push(started);
    shop = started;
    client = api(started.baseUrl);
    return started;
  };

  const refundsOf = (orderId: string) =>
    database.query<{ id: string; status: string; provider_refund_id: string | null; amount_paise: string }>(
      'select id, status, provider_refund_id, amount_paise from refunds where order_id = $1 order by created_at',
      [orderId],
    );
  const refundsAt = (paymentId: string) =>
    [...standin.refunds.values()].filter((r) => r.payment_id === paymentId);

  let buyers = 0;
  /** A customer who paid for one unit through Razorpay; answers the order and payment ids. */
  async function paidOrder() {
    buyers += 1;
    const email = `refund-buyer-${buyers}@faults.test`;
    await register(client, email);
    const sid = await login(client, email);
    await addToCart(client, sid, goods._id, 1);
    const created = await client.post('/api/payment/orderCreate', { sid, json: { data: shipping } });
    expect(created.status, created.text).toBe(200);
    const paid = standin.pay(created.body.id as string);
    const confirmed = await client.post('/api/payment/cartDetail', { sid, json: paid });
    expect(confirmed.status, confirmed.text).toBe(200);
    return { orderId: confirmed.body.data[0]._id as string, paymentId: paid.razorpay_payment_id };
  }
  const cancel = (orderId: string) =>
    client.post(`/api/admin/orders/${orderId}/cancel`, { sid: ownerSid, json: { reason: 'fault suite' } });
  const retry = (refundId: string) => client.post(`/api/admin/refunds/${refundId}/retry`, { sid: ownerSid });

  beforeAll(async () => {
    standin = await startRazorpayStandin(keys);
    database = await createSharedDatabase();
    dataDir = tempDir('refunds');
    await start();
    await register(client, 'owner@faults.test');
    await database.query("update users set is_admin = 1 where email = 'owner@faults.test'");
    ownerSid = await login(client, 'owner@faults.test');
    goods = (await products(client, ownerSid)).find((p) => p.countInStock >= 10)!;
  });

  afterAll(async () => {
    for (const s of shops) await s.kill();
    await standin?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a refund asked while the provider is down across a SIGKILL, and sends it once when asked again', async () => {
    const { orderId, paymentId } = await paidOrder();
    standin.closeConnections = true;
    const cancelled = await cancel(orderId);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.order).toMatchObject({ status: 'cancelled', refund: { status: 'pending' } });
    const [pending] = await refundsOf(orderId);
    expect(pending).toMatchObject({ status: 'pending', provider_refund_id: null });

    shop.process.kill('SIGKILL');
    await shop.exited;
    standin.closeConnections = false;
    await start();
    ownerSid = await login(client, 'owner@faults.test');

    expect(await refundsOf(orderId)).toEqual([pending]);
    const sent = await retry(pending!.id);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ status: 'processed', amount: goods.price });
    expect(refundsAt(paymentId)).toHaveLength(1);
    const again = await retry(pending!.id);
    expect(again.status).toBe(409);
    expect(again.body).toBe(orderMessages.refundNotRetryable);
    expect(refundsAt(paymentId)).toHaveLength(1);
  });

  it('never refunds twice when the provider made the refund but answered after the timeout', async () => {
    const { orderId, paymentId } = await paidOrder();
    standin.delayMs = 2000;
    expect((await cancel(orderId)).status).toBe(200);
    standin.delayMs = 0;
    expect(refundsAt(paymentId)).toHaveLength(1);
    const [pending] = await refundsOf(orderId);
    expect(pending).toMatchObject({ status: 'pending', provider_refund_id: null });
    const sent = await retry(pending!.id);
    expect(sent.status, sent.text).toBe(200);
    expect(refundsAt(paymentId)).toHaveLength(1);
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({ status: 'processed', provider_refund_id: refundsAt(paymentId)[0]!.id }),
    ]);
    const keys = standin.refundRequests().filter((r) => r.path === `/v1/payments/${paymentId}/refund`);
    expect(new Set(keys.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it('after a 500, retries sent at once all get the one refund', async () => {
    const { orderId, paymentId } = await paidOrder();
    standin.failNext(500, 'We are facing some trouble completing your request at the moment.');
    expect((await cancel(orderId)).status).toBe(200);
    const [pending] = await refundsOf(orderId);
    expect(pending!.status).toBe('pending');
    const answers = await Promise.all([retry(pending!.id), retry(pending!.id), retry(pending!.id)]);
    for (const res of answers) expect([200, 409]).toContain(res.status);
    expect(refundsAt(paymentId)).toHaveLength(1);
    expect((await refundsOf(orderId)).map((r) => r.status)).toEqual(['processed']);
  });
});
