import { messages, type CartLine, type Order } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/databases.js';
import {
  getCart,
  ordersOf,
  postWebhook,
  shippingDetails,
  signedWebhook,
  snapshot,
  startRazorpayShop,
  customerWithCart,
  type RazorpayShop,
} from '../helpers/razorpay-flow.js';
import type { App } from '../../src/app.js';

/**
 * The checkout exactly as the spec's client makes it (section 7), read as
 * axios reads it: `response.data` is the whole body.
 */
describe(`the spec's client pays through Razorpay (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.standin.reset());

  function post(app: App, sid: string, url: string, payload: object) {
    return app.inject({ method: 'POST', url, cookies: { sid }, payload });
  }

  /** The spec's orderCreate payload: what its client sends, none of it trusted. */
  const specOrderCreate = {
    key: 'rzp_test_client',
    order_id: '',
    amount: 1,
    currency: 'INR',
    payment_capture: 1,
  };

  async function specCustomer() {
    const me = await customerWithCart(shop.t.app, [
      { product: { price_paise: 1299_50, count_in_stock: 5 }, quantity: 2 },
      { product: { price_paise: 250_00, count_in_stock: 4 }, quantity: 1 },
    ]);
    const cart = (await getCart(shop.t.app, me.sid)) satisfies CartLine[];
    return { ...me, cart };
  }

  it('orderCreate, the card window, then cartDetail with the shipping form: the orders are made', async () => {
    const { app } = shop.t;
    const me = await specCustomer();

    const created = await post(app, me.sid, '/api/payment/orderCreate', specOrderCreate);
    expect(created.statusCode).toBe(200);
    const data = created.json() as { data: { id: string; currency: string; amount: number }; id: string };
    expect(data.data).toEqual({ id: data.id, currency: 'INR', amount: 2849 });
    // The client opens the window with amount x 100 and the order id: exactly Razorpay's order.
    expect(shop.standin.orders.get(data.data.id)?.amount).toBe(data.data.amount * 100);

    const window = shop.standin.pay(data.data.id);
    const shipping = shippingDetails({ name: 'Kavya Rao', email: me.user.email, town: 'Mysuru' });
    const paid = await post(app, me.sid, '/api/payment/cartDetail', {
      razorpay_payment_id: window.razorpay_payment_id,
      data: shipping,
      cartProducts: me.cart,
    });

    expect(paid.statusCode).toBe(200);
    expect((paid.json() as { data: Order[] }).data).toHaveLength(2);
    const rows = await ordersOf(app.ctx.db, me.userId);
    expect(rows.map((r) => [r.recipient_name, r.town, r.transaction_id])).toEqual([
      ['Kavya Rao', 'Mysuru', window.razorpay_payment_id],
      ['Kavya Rao', 'Mysuru', window.razorpay_payment_id],
    ]);
    expect(await getCart(app, me.sid)).toEqual([]);
  });

  it('refuses cartDetail for a payment Razorpay has not captured or authorized, and makes no order', async () => {
    const { app } = shop.t;
    const me = await specCustomer();
    const created = await post(app, me.sid, '/api/payment/orderCreate', specOrderCreate);
    const { id } = created.json() as { id: string };
    const failed = shop.standin.pay(id, { status: 'failed' });
    const before = await snapshot(app, me);

    const res = await post(app, me.sid, '/api/payment/cartDetail', {
      razorpay_payment_id: failed.razorpay_payment_id,
      data: shippingDetails(),
      cartProducts: me.cart,
    });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.paymentNotVerified);
    expect(await snapshot(app, me)).toEqual(before);
  });

  it('refuses cartDetail for a payment id Razorpay does not know, whatever the cart says', async () => {
    const { app } = shop.t;
    const me = await specCustomer();
    await post(app, me.sid, '/api/payment/orderCreate', specOrderCreate);
    const before = await snapshot(app, me);

    const res = await post(app, me.sid, '/api/payment/cartDetail', {
      razorpay_payment_id: 'pay_NotARealPayment',
      data: shippingDetails(),
      cartProducts: me.cart,
    });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.paymentNotVerified);
    expect(await snapshot(app, me)).toEqual(before);
  });

  it('a webhook before the form makes the orders for the account; the form sent afterwards addresses them', async () => {
    const { app } = shop.t;
    const me = await specCustomer();
    const created = await post(app, me.sid, '/api/payment/orderCreate', specOrderCreate);
    const { id } = created.json() as { id: string };
    const window = shop.standin.pay(id);
    const hook = signedWebhook({
      event: 'payment.captured',
      orderId: id,
      paymentId: window.razorpay_payment_id,
      amount: 2849_00,
    });

    expect((await postWebhook(app, hook)).statusCode).toBe(200);
    const fromHook = await ordersOf(app.ctx.db, me.userId);
    expect(fromHook.map((r) => [r.recipient_name, r.recipient_email, r.street_address])).toEqual([
      [me.user.name, me.user.email, ''],
      [me.user.name, me.user.email, ''],
    ]);

    const shipping = shippingDetails({ name: 'Kavya Rao', streetAddress: '4 Temple Road' });
    const paid = await post(app, me.sid, '/api/payment/cartDetail', {
      razorpay_payment_id: window.razorpay_payment_id,
      data: shipping,
      cartProducts: me.cart,
    });

    expect(paid.statusCode).toBe(200);
    const rows = await ordersOf(app.ctx.db, me.userId);
    expect(rows.map((r) => r.id)).toEqual(fromHook.map((r) => r.id));
    expect(rows.map((r) => [r.recipient_name, r.street_address])).toEqual([
      ['Kavya Rao', '4 Temple Road'],
      ['Kavya Rao', '4 Temple Road'],
    ]);
  });
});
