import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { TEST_CARDS, type Order, type Product } from '@shop/shared';
import { newCustomer } from './fixtures';
import { findProduct } from './shop';

/** The shipping form as orderCreate takes it, for this customer. */
export function shippingOf(customer: { name: string; email: string }) {
  return {
    name: customer.name,
    email: customer.email,
    phone: '9123456780',
    streetAddress: '3 Lake Road',
    town: 'Bhopal',
    pincode: '462001',
    state: 'Madhya Pradesh',
    country: 'India',
  };
}

/**
 * Buys `quantity` of `product` through the API with the test gateway's success card, as a page
 * would; answers the order.
 */
export async function buyThroughApi(
  request: APIRequestContext,
  product: Product,
  shipping: Record<string, string>,
  quantity = 1,
): Promise<Order> {
  const saved = await request.post('/api/saveCart', { data: { item: { _id: product._id }, quantity } });
  expect(saved.status()).toBe(200);
  const order = await (await request.post('/api/payment/orderCreate', { data: { data: shipping } })).json();
  const paid = await request.post('/api/payment/test-gateway/pay', {
    data: { order_id: order.id, card_number: TEST_CARDS.success },
  });
  const confirmed = await request.post('/api/payment/cartDetail', { data: await paid.json() });
  expect(confirmed.status()).toBe(200);
  return ((await confirmed.json()) as { data: Order[] }).data[0]!;
}

/** A new customer, in a browser context of their own, buys one of `productName` through the API. */
export async function someoneOrders(browser: Browser, productName: string): Promise<Order> {
  const context = await browser.newContext();
  const customer = newCustomer();
  const { request } = context;
  await request.post('/api/user/register', { data: { ...customer, confiremPassword: customer.password } });
  await request.post('/api/user/login', { data: { email: customer.email, password: customer.password } });
  const order = await buyThroughApi(request, await findProduct(request, productName), shippingOf(customer));
  await context.close();
  return order;
}
