import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startRazorpayStandin,
  webhookRequest,
  type CheckoutResult,
  type RazorpayStandin,
} from '../server/test/helpers/razorpay-standin.js';
import { createSharedDatabase } from './support/postgres.js';
import {
  addToCart,
  api,
  freePort,
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

const keys = { keyId: 'rzp_test_FaultSuite01', keySecret: 'fault-suite-key-secret' };
const webhookSecret = 'fault-suite-webhook-secret';

type Buyer = { email: string; sid: string; providerOrderId: string; paid: CheckoutResult };

/**
 * SIGKILL between payment verification and order creation: the server's
 * test-only fault point (SHOP_FAULT_KILL_AFTER_PAYMENT_VERIFIED=1) kills the
 * process right after cartDetail confirmed the payment (its signature, and the
 * payment as Razorpay reports it). After a restart the client's retry, or
 * Razorpay's webhook, completes exactly one set of orders.
 */
describe('SIGKILL between payment verification and order creation', () => {
  let standin: RazorpayStandin;
  let database: Awaited<ReturnType<typeof createSharedDatabase>>;
  let dataDir: string;
  let shop: Shop | undefined;
  let pen: CatalogProduct;
  let lamp: CatalogProduct;
  const shops: Shop[] = [];

  let smtpUrl: string;
  const settings = (fault: boolean) => ({
    DATABASE_URL: database.url,
    // Nothing listens there: the confirmation mails must wait in the outbox.
    SMTP_URL: smtpUrl,
    DATA_DIR: dataDir,
    RAZORPAY_KEY_ID: keys.keyId,
    RAZORPAY_KEY_SECRET: keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: webhookSecret,
    RAZORPAY_API_BASE: standin.url,
    ...(fault ? { SHOP_FAULT_KILL_AFTER_PAYMENT_VERIFIED: '1' } : {}),
  });
  const start = async (fault: boolean) => {
    const started = await startShop(settings(fault));
    shops.push(started);
    return started;
  };

  const stockOf = async (id: string) =>
    (await database.query<{ n: number }>('select count_in_stock as n from products where id = $1', [id]))[0]!
      .n;
  const checkoutOf = async (providerOrderId: string) =>
    (
      await database.query<{ id: string; status: string; amount_paise: number }>(
        'select id, status, amount_paise from checkouts where provider_order_id = $1',
        [providerOrderId],
      )
    )[0]!;
  const ordersOf = async (providerOrderId: string) =>
    database.query<{ id: string; product_id: string; quantity: number; transaction_id: string }>(
      'select o.id, o.product_id, o.quantity, o.transaction_id from orders o join checkouts c on c.id = o.checkout_id where c.provider_order_id = $1 order by o.product_id',
      [providerOrderId],
    );

  async function signUp(client: Api, email: string) {
    await register(client, email);
    return login(client, email);
  }

  /** Registers, fills the cart and reserves it (orderCreate); the card window "pays". */
  async function buyerWithReservation(client: Api, email: string, lines: [CatalogProduct, number][]) {
    const sid = await signUp(client, email);
    for (const [product, quantity] of lines) await addToCart(client, sid, product._id, quantity);
    const created = await client.post('/api/payment/orderCreate', { sid, json: { data: shipping } });
    expect(created.status, created.text).toBe(200);
    const providerOrderId = created.body.id as string;
    // Paid (captured) at the stand-in, which cartDetail now asks before it writes anything.
    return { email, sid, providerOrderId, paid: standin.pay(providerOrderId) };
  }

  /** cartDetail of a captured payment on a shop with the fault point: the process dies mid-request. */
  async function payAndDie(faulty: Shop, buyer: Buyer) {
    const client = api(faulty.baseUrl);
    await expect(
      client.post('/api/payment/cartDetail', { sid: buyer.sid, json: buyer.paid }),
    ).rejects.toThrow();
    expect(await faulty.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // Nothing written: still pending, the stock still held, no orders.
    expect((await checkoutOf(buyer.providerOrderId)).status).toBe('pending');
    expect(await ordersOf(buyer.providerOrderId)).toEqual([]);
  }

  let initial: { pen: number; lamp: number };
  let asha: Buyer;
  let ravi: Buyer;

  beforeAll(async () => {
    standin = await startRazorpayStandin(keys);
    smtpUrl = `smtp://127.0.0.1:${await freePort()}`;
    database = await createSharedDatabase();
    dataDir = tempDir('kill');
    shop = await start(true);
    const client = api(shop.baseUrl);
    const inStock = (await products(client, await signUp(client, 'browser@faults.test'))).filter(
      (p) => p.countInStock >= 5,
    );
    [pen, lamp] = [inStock[0]!, inStock[1]!];
    initial = { pen: await stockOf(pen._id), lamp: await stockOf(lamp._id) };
    asha = await buyerWithReservation(client, 'asha@faults.test', [
      [pen, 2],
      [lamp, 1],
    ]);
    ravi = await buyerWithReservation(client, 'ravi@faults.test', [
      [pen, 1],
      [lamp, 2],
    ]);
    expect(await stockOf(pen._id)).toBe(initial.pen - 3);
    expect(await stockOf(lamp._id)).toBe(initial.lamp - 3);
  });

  afterAll(async () => {
    for (const s of shops) await s.kill();
    await standin?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('dies after verifying the payment and before writing orders, leaving the checkout pending and the stock held', async () => {
    await payAndDie(shop!, asha);
    // The second buyer's payment dies the same way on a second run with the fault point.
    shop = await start(true);
    await payAndDie(shop, ravi);
    expect(await stockOf(pen._id)).toBe(initial.pen - 3);
    expect(await stockOf(lamp._id)).toBe(initial.lamp - 3);
  });

  it("after a restart, the client's retry and the webhook each complete exactly one set of orders, its confirmation waiting in the outbox while SMTP is unreachable", async () => {
    shop = await start(false);
    const client = api(shop.baseUrl);

    // (a) Asha's browser retries cartDetail.
    const retried = await client.post('/api/payment/cartDetail', { sid: asha.sid, json: asha.paid });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.data).toHaveLength(2);

    // (b) Ravi's browser never comes back: Razorpay's webhook completes his checkout.
    const ravisCheckout = await checkoutOf(ravi.providerOrderId);
    const hook = webhookRequest(webhookSecret, {
      event: 'payment.captured',
      orderId: ravi.providerOrderId,
      paymentId: ravi.paid.razorpay_payment_id,
      amount: ravisCheckout.amount_paise,
    });
    const delivered = await client.post('/api/payment/webhook', {
      headers: hook.headers,
      body: hook.payload,
    });
    expect(delivered.status, delivered.text).toBe(200);
    expect(delivered.body).toEqual({ status: 'ok' });

    const ashasOrders = await ordersOf(asha.providerOrderId);
    const ravisOrders = await ordersOf(ravi.providerOrderId);
    expect(ashasOrders.map((o) => [o.product_id, o.quantity]).sort()).toEqual(
      [
        [pen._id, 2],
        [lamp._id, 1],
      ].sort(),
    );
    expect(ravisOrders.map((o) => [o.product_id, o.quantity]).sort()).toEqual(
      [
        [pen._id, 1],
        [lamp._id, 2],
      ].sort(),
    );
    expect(ashasOrders.every((o) => o.transaction_id === asha.paid.razorpay_payment_id)).toBe(true);
    expect(ravisOrders.every((o) => o.transaction_id === ravi.paid.razorpay_payment_id)).toBe(true);

    // Both paths again, in the other order, and a redelivered event: nothing more.
    const ashaHook = webhookRequest(webhookSecret, {
      event: 'payment.captured',
      orderId: asha.providerOrderId,
      paymentId: asha.paid.razorpay_payment_id,
      amount: (await checkoutOf(asha.providerOrderId)).amount_paise,
    });
    const ashaDelivered = await client.post('/api/payment/webhook', {
      headers: ashaHook.headers,
      body: ashaHook.payload,
    });
    expect(ashaDelivered.status, ashaDelivered.text).toBe(200);
    const raviRetry = await client.post('/api/payment/cartDetail', { sid: ravi.sid, json: ravi.paid });
    expect(raviRetry.status, raviRetry.text).toBe(200);
    expect((raviRetry.body.data as { _id: string }[]).map((o) => o._id).sort()).toEqual(
      ravisOrders.map((o) => o.id).sort(),
    );
    const redelivered = await client.post('/api/payment/webhook', {
      headers: hook.headers,
      body: hook.payload,
    });
    expect(redelivered.status, redelivered.text).toBe(200);
    expect(redelivered.body).toEqual({ status: 'duplicate' });
    const ashaAgain = await client.post('/api/payment/cartDetail', { sid: asha.sid, json: asha.paid });
    expect(ashaAgain.status, ashaAgain.text).toBe(200);

    expect(await ordersOf(asha.providerOrderId)).toEqual(ashasOrders);
    expect(await ordersOf(ravi.providerOrderId)).toEqual(ravisOrders);
    expect((await database.query('select id from orders')).length).toBe(4);
    expect((await checkoutOf(asha.providerOrderId)).status).toBe('paid');
    expect((await checkoutOf(ravi.providerOrderId)).status).toBe('paid');
    // One confirmation per paid checkout, kept in the outbox while SMTP is unreachable.
    // Each goes to the buyer's own account address, not the shipping form's.
    const mails = await database.query<{ to_address: string; sent_at: string | null }>(
      "select to_address, sent_at from mail_outbox where subject = 'Your order is placed' order by to_address",
    );
    expect(mails).toEqual([
      { to_address: asha.email, sent_at: null },
      { to_address: ravi.email, sent_at: null },
    ]);
    // Sold once: the stock went down by exactly what was paid for.
    expect(await stockOf(pen._id)).toBe(initial.pen - 3);
    expect(await stockOf(lamp._id)).toBe(initial.lamp - 3);
  });
});
