import type { CartLine, OrderCreateAnswer, ShippingInput } from '@shop/shared';
import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/index.js';
import { createTestApp, type TestApp } from './app.js';
import { userRow } from './db.js';
import { outbox } from './mail.js';
import { createProduct, type ProductRowInput } from './products.js';
import {
  startRazorpayStandin,
  webhookRequest,
  type CheckoutResult,
  type WebhookInput,
  type WebhookRequest,
} from './razorpay-standin.js';
import { loginAs } from './users.js';

/** The key pair and webhook secret the shop and the stand-in agree on. */
export const RAZORPAY_KEYS = {
  keyId: 'rzp_test_standin',
  keySecret: 'standin-secret',
  webhookSecret: 'standin-webhook-secret',
} as const;

/** The environment of a shop that takes payments through Razorpay at `apiBase`. */
export function razorpayEnv(apiBase: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: RAZORPAY_KEYS.keyId,
    RAZORPAY_KEY_SECRET: RAZORPAY_KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: RAZORPAY_KEYS.webhookSecret,
    RAZORPAY_API_BASE: apiBase,
    PAYMENT_TIMEOUT_MS: '500',
    ...overrides,
  };
}

/** A stand-in Razorpay and a fresh shop configured to use it. */
export async function startRazorpayShop(envOverrides: Record<string, string> = {}) {
  const standin = await startRazorpayStandin(RAZORPAY_KEYS);
  const t = await createTestApp(razorpayEnv(standin.url, envOverrides));
  return {
    standin,
    t,
    async close() {
      await t.close();
      await standin.close();
    },
  };
}

export function shippingDetails(overrides: Partial<ShippingInput> = {}): ShippingInput {
  return {
    name: 'Asha Verma',
    email: 'asha@example.com',
    phone: '9876543210',
    streetAddress: '12 MG Road',
    town: 'Pune',
    pincode: '411001',
    state: 'Maharashtra',
    country: 'India',
    ...overrides,
  };
}

/** A logged-in customer whose cart holds these products (created here) in these quantities. */
export async function customerWithCart(app: App, lines: { product?: ProductRowInput; quantity: number }[]) {
  const session = await loginAs(app);
  const userId = (await userRow(app, session.user.email))!.id;
  const products = [];
  for (const line of lines) {
    const product = await createProduct(app.ctx.db, line.product);
    const res = await app.inject({
      method: 'POST',
      url: '/api/saveCart',
      cookies: { sid: session.sid },
      payload: { item: { _id: product.id }, quantity: line.quantity },
    });
    if (res.statusCode !== 200) throw new Error(`saveCart failed: ${res.statusCode} ${res.body}`);
    products.push(product);
  }
  return { ...session, userId, products };
}

export function orderCreate(app: App, sid: string, body: object = { data: shippingDetails() }) {
  return app.inject({ method: 'POST', url: '/api/payment/orderCreate', cookies: { sid }, payload: body });
}

/** orderCreate that must succeed; answers the shop's answer. */
export async function startPayment(app: App, sid: string, shipping = shippingDetails()) {
  const res = await orderCreate(app, sid, { data: shipping });
  if (res.statusCode !== 200) throw new Error(`orderCreate failed: ${res.statusCode} ${res.body}`);
  return res.json() as OrderCreateAnswer;
}

/** What the browser posts after Razorpay's window closes with a payment. */
export function cartDetail(app: App, sid: string, result: CheckoutResult, shipping = shippingDetails()) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/cartDetail',
    cookies: { sid },
    payload: { ...result, data: shipping },
  });
}

/** Razorpay's server posting a webhook: no cookie, no Origin. */
export function postWebhook(app: App, request: Pick<WebhookRequest, 'payload' | 'headers'>) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: request.headers,
    payload: request.payload,
  });
}

export async function getCart(app: App, sid: string): Promise<CartLine[]> {
  const res = await app.inject({ method: 'GET', url: '/api/getCart', cookies: { sid } });
  if (res.statusCode !== 200) throw new Error(`getCart failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { cartProducts: CartLine[] }).cartProducts;
}

export function checkoutsOf(db: Db, userId: string) {
  return db.selectFrom('checkouts').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

export function ordersOf(db: Db, userId: string) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('product_id').execute();
}

export async function stockOf(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('count_in_stock')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.count_in_stock;
}

/**
 * Everything a payment step could change for one customer: checkouts, orders,
 * cart lines and the stock of their products. Compare before and after to
 * prove a refused request changed nothing.
 */
export async function snapshot(
  app: App,
  customer: { userId: string; sid: string; products: { id: string }[] },
) {
  const db = app.ctx.db;
  return {
    checkouts: (await checkoutsOf(db, customer.userId)).map((c) => ({
      id: c.id,
      status: c.status,
      payment_id: c.payment_id,
    })),
    orders: await ordersOf(db, customer.userId),
    cart: (await getCart(app, customer.sid)).map((l) => ({ id: l.product._id, quantity: l.quantity })),
    stock: await Promise.all(customer.products.map((p) => stockOf(db, p.id))),
  };
}

export type RazorpayShop = Awaited<ReturnType<typeof startRazorpayShop>>;

/**
 * A customer with an open Razorpay order for two lines: 2 x Rs 1,299.50 (stock 5)
 * and 1 x Rs 250 (stock 4), shipped to their own email so mails can be counted.
 */
export async function payingCustomer(shop: RazorpayShop, shipping: Partial<ShippingInput> = {}) {
  const { app } = shop.t;
  const me = await customerWithCart(app, [
    { product: { price_paise: 1299_50, count_in_stock: 5 }, quantity: 2 },
    { product: { price_paise: 250_00, count_in_stock: 4 }, quantity: 1 },
  ]);
  const details = shippingDetails({ email: me.user.email, ...shipping });
  const { id: orderId } = await startPayment(app, me.sid, details);
  const amount = shop.standin.orders.get(orderId)!.amount;
  return { ...me, orderId, amount, shipping: details };
}

/** A webhook delivery signed with the shop's webhook secret. */
export const signedWebhook = (input: WebhookInput) => webhookRequest(RAZORPAY_KEYS.webhookSecret, input);

/** Order confirmations the shop mailed to this address. */
export async function confirmationsTo(t: TestApp, email: string): Promise<number> {
  const mails = [...(await outbox(t)).values()];
  return mails.filter((raw) => raw.includes(`To: ${email}`) && raw.includes('Your order is placed')).length;
}
