import { expect, type APIRequestContext } from '@playwright/test';
import { TEST_CARDS, type Product } from '@shop/shared';

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

/** Buys `quantity` of `product` through the API with the test gateway's success card, as a page would. */
export async function buyThroughApi(
  request: APIRequestContext,
  product: Product,
  shipping: Record<string, string>,
  quantity = 1,
) {
  const saved = await request.post('/api/saveCart', { data: { item: { _id: product._id }, quantity } });
  expect(saved.status()).toBe(200);
  const order = await (await request.post('/api/payment/orderCreate', { data: { data: shipping } })).json();
  const paid = await request.post('/api/payment/test-gateway/pay', {
    data: { order_id: order.id, card_number: TEST_CARDS.success },
  });
  const confirmed = await request.post('/api/payment/cartDetail', { data: await paid.json() });
  expect(confirmed.status()).toBe(200);
}
