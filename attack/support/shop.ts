import type {
  Cart,
  Order,
  OrderCreateAnswer,
  Product,
  ProductWithReviews,
  ShippingInput,
} from '@shop/shared';
import { messages, TEST_CARDS } from '@shop/shared';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Api } from './http.js';

/** Factory: a shipping form every rule accepts. */
export function validShipping(overrides: Partial<ShippingInput> = {}): ShippingInput {
  return {
    name: 'Asha Verma',
    email: 'asha.verma@attack.test',
    phone: '9876543210',
    streetAddress: '12 MG Road',
    town: 'Pune',
    pincode: '411001',
    state: 'Maharashtra',
    country: 'India',
    ...overrides,
  };
}

/** The whole catalog as a customer sees it. */
export async function catalog(api: Api, sid: string): Promise<Product[]> {
  const res = await api.get('/api/get-products', { sid });
  expect(res.status, res.text).toBe(200);
  return res.body.products as Product[];
}

/**
 * `count` products of the test's own, added by the admin: test files run in
 * parallel, and a product nobody else touches keeps its rating and stock.
 */
export async function ownProducts(api: Api, adminSid: string, count: number): Promise<Product[]> {
  const products = [];
  for (let i = 0; i < count; i++) {
    const tag = randomBytes(3).toString('hex');
    products.push(
      await addProduct(api, adminSid, { name: `Attack Lamp ${tag}`, price: 100 * (i + 1) + 0.5 }),
    );
  }
  return products;
}

export async function product(api: Api, sid: string, id: string): Promise<ProductWithReviews> {
  const res = await api.get(`/api/get-product/${encodeURIComponent(id)}`, { sid });
  expect(res.status, res.text).toBe(200);
  return res.body.product as ProductWithReviews;
}

export async function cartOf(api: Api, sid: string): Promise<Cart> {
  const res = await api.get('/api/getCart', { sid });
  expect(res.status, res.text).toBe(200);
  return res.body as Cart;
}

export async function addToCart(api: Api, sid: string, productId: string, quantity: number): Promise<Cart> {
  const res = await api.post('/api/saveCart', { sid, json: { item: { _id: productId }, quantity } });
  expect(res.status, res.text).toBe(200);
  const { message, ...cart } = res.body as Cart & { message: string };
  expect(message, res.text).toBe(messages.cartSaved);
  return cart;
}

export async function ordersOf(api: Api, sid: string): Promise<Order[]> {
  const res = await api.get('/api/user/get-orders', { sid });
  expect(res.status, res.text).toBe(200);
  return res.body as Order[];
}

/**
 * The checkout of the stored cart with the built-in test gateway, as the
 * browser does it: orderCreate, the card window, cartDetail. `extra` adds
 * fields a tampering client sends along.
 */
export async function buyCart(
  api: Api,
  sid: string,
  shipping: object = validShipping(),
  extra: { orderCreate?: object; cartDetail?: object } = {},
) {
  const created = await api.post('/api/payment/orderCreate', {
    sid,
    json: { ...extra.orderCreate, data: shipping },
  });
  expect(created.status, created.text).toBe(200);
  const answer = created.body as OrderCreateAnswer;
  const paid = await api.post('/api/payment/test-gateway/pay', {
    sid,
    json: { order_id: answer.id, card_number: TEST_CARDS.success },
  });
  expect(paid.status, paid.text).toBe(200);
  const confirmed = await api.post('/api/payment/cartDetail', {
    sid,
    json: { ...extra.cartDetail, ...paid.body },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { created: answer, orders: confirmed.body.data as Order[] };
}

/** POST /api/addProduct as an admin; answers the new product. */
export async function addProduct(api: Api, adminSid: string, fields: Record<string, unknown> = {}) {
  const res = await api.post('/api/addProduct', {
    sid: adminSid,
    json: {
      name: 'Attack Test Lamp',
      category: 'electronics',
      price: 999,
      countInStock: 50,
      image: 'https://cdn.example.com/lamp.jpg',
      description: 'A lamp the attack suite added.',
      ...fields,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.product as Product;
}
