import { TEST_CARDS, type Cart, type Order, type OrderCreateAnswer, type ShippingInput } from '@shop/shared';
import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/index.js';
import { userRow } from './db.js';
import { createProduct } from './products.js';
import { loginAs } from './users.js';

/** The session user for requests, or none (undefined) to see the 401. */
type Sid = string | undefined;

function send(app: App, method: 'GET' | 'POST' | 'PATCH', url: string, sid: Sid, payload?: object) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    ...(sid === undefined ? {} : { cookies: { sid } }),
  });
}

/** A customer logged in, with their user id for reading their rows. */
export async function customer(app: App) {
  const session = await loginAs(app);
  const row = await userRow(app, session.user.email);
  return { ...session, id: row!.id };
}

/** A customer with `quantity` of a new product (`stock` in stock) in the cart, ready to check out. */
export async function customerReadyToPay(app: App, { stock, quantity }: { stock: number; quantity: number }) {
  const product = await createProduct(app.ctx.db, { count_in_stock: stock });
  const me = await customer(app);
  await addToCart(app, me.sid, product.id, quantity);
  return { me, product };
}

/** Factory: a shipping form every rule accepts. */
export function validShipping(overrides: Partial<ShippingInput> = {}): ShippingInput {
  return {
    name: 'Asha Verma',
    email: 'asha.verma@example.com',
    phone: '9876543210',
    streetAddress: '12 MG Road',
    town: 'Pune',
    pincode: '411001',
    state: 'Maharashtra',
    country: 'India',
    ...overrides,
  };
}

// ---- Cart

export function saveCart(app: App, sid: Sid, payload: object) {
  return send(app, 'POST', '/api/saveCart', sid, payload);
}

/** Saves a line through the API the way the product page does; throws unless it is saved. */
export async function addToCart(app: App, sid: string, productId: string, quantity: number) {
  const res = await saveCart(app, sid, { item: { _id: productId }, quantity });
  if (res.statusCode !== 200) throw new Error(`saveCart failed: ${res.statusCode} ${res.body}`);
  return res.json() as Cart;
}

export function getCart(app: App, sid: Sid) {
  return send(app, 'GET', '/api/getCart', sid);
}

export async function cartOf(app: App, sid: string): Promise<Cart> {
  const res = await getCart(app, sid);
  if (res.statusCode !== 200) throw new Error(`getCart failed: ${res.statusCode} ${res.body}`);
  return res.json() as Cart;
}

export function updateQuantity(app: App, sid: Sid, payload: object) {
  return send(app, 'PATCH', '/api/updateQuantity', sid, payload);
}

export function removeCartLine(app: App, sid: Sid, payload: object) {
  return send(app, 'PATCH', '/api/cart/update', sid, payload);
}

// ---- Checkout and the test gateway

export function orderCreate(app: App, sid: Sid, shipping: object, extra: object = {}) {
  return send(app, 'POST', '/api/payment/orderCreate', sid, { ...extra, data: shipping });
}

/** orderCreate that must succeed: the provider order to pay. */
export async function startCheckout(app: App, sid: string, shipping: object = validShipping()) {
  const res = await orderCreate(app, sid, shipping);
  if (res.statusCode !== 200) throw new Error(`orderCreate failed: ${res.statusCode} ${res.body}`);
  return res.json() as OrderCreateAnswer;
}

export function payWithTestCard(app: App, sid: Sid, orderId: string, card: string) {
  return send(app, 'POST', '/api/payment/test-gateway/pay', sid, { order_id: orderId, card_number: card });
}

export type PaymentResult = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};

/** What the test gateway's card window hands back for the success card. */
export async function signedPayment(app: App, sid: string, orderId: string): Promise<PaymentResult> {
  const res = await payWithTestCard(app, sid, orderId, TEST_CARDS.success);
  if (res.statusCode !== 200) throw new Error(`test pay failed: ${res.statusCode} ${res.body}`);
  return res.json() as PaymentResult;
}

export function cartDetail(app: App, sid: Sid, body: object) {
  return send(app, 'POST', '/api/payment/cartDetail', sid, body);
}

export function cancelPayment(app: App, sid: Sid, orderId: string) {
  return send(app, 'POST', '/api/payment/cancel', sid, { order_id: orderId });
}

/** The whole happy path for the stored cart: orderCreate, pay, cartDetail. Answers the orders. */
export async function buyCart(app: App, sid: string, shipping: object = validShipping()) {
  const { id } = await startCheckout(app, sid, shipping);
  const payment = await signedPayment(app, sid, id);
  const res = await cartDetail(app, sid, payment);
  if (res.statusCode !== 200) throw new Error(`cartDetail failed: ${res.statusCode} ${res.body}`);
  return { providerOrderId: id, payment, orders: (res.json() as { data: Order[] }).data };
}

/** A customer who has bought one of this product (paid through the test gateway): a verified reviewer. */
export async function buyerOf(app: App, productId: string) {
  const me = await customer(app);
  await addToCart(app, me.sid, productId, 1);
  await buyCart(app, me.sid);
  return me;
}

// ---- Orders

export function getOrders(app: App, sid: Sid) {
  return send(app, 'GET', '/api/user/get-orders', sid);
}

/** `id` goes into the path as given: callers encode what needs encoding. */
export function getOrder(app: App, sid: Sid, id: string) {
  return send(app, 'GET', `/api/user/get-order/${id}`, sid);
}

// ---- Rows as stored

export async function stockOf(db: Db, productId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('count_in_stock')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.count_in_stock;
}

export function setStock(db: Db, productId: string, countInStock: number) {
  return db
    .updateTable('products')
    .set({ count_in_stock: countInStock })
    .where('id', '=', productId)
    .execute();
}

export function cartRows(db: Db, userId: string) {
  return db
    .selectFrom('cart_lines')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('added_at')
    .orderBy('product_id')
    .execute();
}

export function checkoutRows(db: Db, userId: string) {
  return db
    .selectFrom('checkouts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function checkoutRow(db: Db, providerOrderId: string) {
  return db
    .selectFrom('checkouts')
    .selectAll()
    .where('provider_order_id', '=', providerOrderId)
    .executeTakeFirstOrThrow();
}

export function orderRows(db: Db, userId: string) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('product_id').execute();
}
