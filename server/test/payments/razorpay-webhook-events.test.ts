import type { Order } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDbKind } from '../helpers/databases.js';
import {
  cartDetail,
  checkoutsOf,
  confirmationsTo,
  getCart,
  ordersOf,
  payingCustomer,
  postWebhook,
  signedWebhook,
  snapshot,
  startRazorpayShop,
  stockOf,
  type RazorpayShop,
} from '../helpers/razorpay-flow.js';
import { razorpayId, webhookBody } from '../helpers/razorpay-standin.js';

const MEERA = { name: 'Meera Iyer', pincode: '600001' };

describe(`Razorpay webhook events (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop();
  });
  afterAll(() => shop.close());
  beforeEach(() => shop.standin.reset());

  it.each(['payment.captured', 'order.paid'] as const)(
    '%s completes a checkout by the webhook alone, from the stored shipping details',
    async (event) => {
      const { app } = shop.t;
      const me = await payingCustomer(shop, MEERA);
      shop.standin.markPaid(me.orderId);
      const request = signedWebhook({ event, orderId: me.orderId, amount: me.amount });

      // Razorpay's server: no session cookie, no Origin, and the browser never posts cartDetail.
      const res = await postWebhook(app, request);

      expect(res.statusCode).toBe(200);
      const orders = await ordersOf(app.ctx.db, me.userId);
      expect(orders).toHaveLength(2);
      for (const order of orders) {
        expect(order).toMatchObject({
          provider_order_id: me.orderId,
          transaction_id: request.paymentId,
          recipient_name: 'Meera Iyer',
          recipient_email: me.user.email,
          recipient_phone: me.shipping.phone,
          street_address: me.shipping.streetAddress,
          town: me.shipping.town,
          pincode: '600001',
          state: me.shipping.state,
          country: me.shipping.country,
        });
      }
      const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
      expect(checkout).toMatchObject({ status: 'paid', payment_id: request.paymentId });
      expect(await getCart(app, me.sid)).toEqual([]);
      expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(3);
      expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(3);
      expect(await confirmationsTo(shop.t, me.user.email)).toBe(1);
    },
  );

  it('ignores a redelivered event (same X-Razorpay-Event-Id) and creates no second set of orders', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, MEERA);
    const request = signedWebhook({ event: 'payment.captured', orderId: me.orderId, amount: me.amount });

    const first = await postWebhook(app, request);
    const ordersAfterFirst = await ordersOf(app.ctx.db, me.userId);
    const again = await postWebhook(app, request);

    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'duplicate' });
    expect(ordersAfterFirst).toHaveLength(2);
    expect(await ordersOf(app.ctx.db, me.userId)).toEqual(ordersAfterFirst);
    expect(await confirmationsTo(shop.t, me.user.email)).toBe(1);
    const events = await app.ctx.db
      .selectFrom('webhook_events')
      .select('id')
      .where('id', '=', request.eventId)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('payment.captured and order.paid for the same payment make one set of orders', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, MEERA);
    const paymentId = razorpayId('pay');

    for (const event of ['payment.captured', 'order.paid'] as const) {
      const res = await postWebhook(
        app,
        signedWebhook({ event, orderId: me.orderId, paymentId, amount: me.amount }),
      );
      expect(res.statusCode).toBe(200);
    }

    expect(await ordersOf(app.ctx.db, me.userId)).toHaveLength(2);
  });

  it('webhook first, then cartDetail for the same payment: exactly one set of orders', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, MEERA);
    const result = shop.standin.pay(me.orderId);
    const hook = signedWebhook({
      event: 'payment.captured',
      orderId: me.orderId,
      paymentId: result.razorpay_payment_id,
      amount: me.amount,
    });

    expect((await postWebhook(app, hook)).statusCode).toBe(200);
    const fromHook = await ordersOf(app.ctx.db, me.userId);
    const browser = await cartDetail(app, me.sid, result);

    expect(browser.statusCode).toBe(200);
    const answered = (browser.json() as { data: Order[] }).data;
    expect(answered.map((o) => o._id).sort()).toEqual(fromHook.map((o) => o.id).sort());
    expect(await ordersOf(app.ctx.db, me.userId)).toEqual(fromHook);
    expect(fromHook).toHaveLength(2);
    expect(await confirmationsTo(shop.t, me.user.email)).toBe(1);
  });

  it('cartDetail first, then the webhook for the same payment: exactly one set of orders', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, MEERA);
    const result = shop.standin.pay(me.orderId);

    expect((await cartDetail(app, me.sid, result)).statusCode).toBe(200);
    const fromBrowser = await ordersOf(app.ctx.db, me.userId);
    const hook = signedWebhook({
      event: 'order.paid',
      orderId: me.orderId,
      paymentId: result.razorpay_payment_id,
      amount: me.amount,
    });
    const res = await postWebhook(app, hook);

    expect(res.statusCode).toBe(200);
    expect(fromBrowser).toHaveLength(2);
    expect(await ordersOf(app.ctx.db, me.userId)).toEqual(fromBrowser);
    expect(await confirmationsTo(shop.t, me.user.email)).toBe(1);
  });

  it('payment.failed releases the reservation: stock restored, checkout released, cart kept', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, MEERA);
    const lines = async () => (await getCart(app, me.sid)).map((l) => [l.product._id, l.quantity]);
    const cartBefore = await lines();

    const res = await postWebhook(
      app,
      signedWebhook({ event: 'payment.failed', orderId: me.orderId, amount: me.amount }),
    );

    expect(res.statusCode).toBe(200);
    expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(5);
    expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(4);
    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkout?.status).toBe('released');
    expect(await ordersOf(app.ctx.db, me.userId)).toEqual([]);
    expect(await lines()).toEqual(cartBefore);
    expect(cartBefore).toHaveLength(2);
  });

  it('a retry on the same order after payment.failed is captured: the stock is taken again and the orders made', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, MEERA);
    const failedAttempt = signedWebhook({ event: 'payment.failed', orderId: me.orderId, amount: me.amount });
    expect((await postWebhook(app, failedAttempt)).statusCode).toBe(200);

    const retry = signedWebhook({ event: 'payment.captured', orderId: me.orderId, amount: me.amount });
    const res = await postWebhook(app, retry);

    expect(res.statusCode).toBe(200);
    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkout).toMatchObject({ status: 'paid', payment_id: retry.paymentId });
    expect(await ordersOf(app.ctx.db, me.userId)).toHaveLength(2);
    expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(3);
    expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(3);
  });

  it('a capture after the released stock sold out answers 200 and records the refund due, with no orders', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, MEERA);
    await postWebhook(
      app,
      signedWebhook({ event: 'payment.failed', orderId: me.orderId, amount: me.amount }),
    );
    // Meanwhile other customers bought all but one of the first product.
    await app.ctx.db
      .updateTable('products')
      .set({ count_in_stock: 1 })
      .where('id', '=', me.products[0]!.id)
      .execute();

    const late = signedWebhook({ event: 'payment.captured', orderId: me.orderId, amount: me.amount });
    const res = await postWebhook(app, late);

    expect(res.statusCode).toBe(200);
    const [checkout] = await checkoutsOf(app.ctx.db, me.userId);
    expect(checkout).toMatchObject({ status: 'refund_due', payment_id: late.paymentId });
    expect(await ordersOf(app.ctx.db, me.userId)).toEqual([]);
    expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(1);
    expect(await stockOf(app.ctx.db, me.products[1]!.id)).toBe(4);
    expect(await getCart(app, me.sid)).toHaveLength(2);
  });

  it('the webhook and cartDetail arriving together make exactly one set of orders', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, MEERA);
    const result = shop.standin.pay(me.orderId);
    const hook = signedWebhook({
      event: 'payment.captured',
      orderId: me.orderId,
      paymentId: result.razorpay_payment_id,
      amount: me.amount,
    });

    const [fromHook, fromBrowser] = await Promise.all([
      postWebhook(app, hook),
      cartDetail(app, me.sid, result),
    ]);

    expect(fromHook.statusCode).toBe(200);
    expect(fromBrowser.statusCode).toBe(200);
    expect(await ordersOf(app.ctx.db, me.userId)).toHaveLength(2);
    expect(await stockOf(app.ctx.db, me.products[0]!.id)).toBe(3);
  });

  it('payment.failed after the payment was completed changes nothing', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop, MEERA);
    await postWebhook(
      app,
      signedWebhook({ event: 'payment.captured', orderId: me.orderId, amount: me.amount }),
    );
    const before = await snapshot(app, me);

    const res = await postWebhook(
      app,
      signedWebhook({ event: 'payment.failed', orderId: me.orderId, amount: me.amount }),
    );

    expect(res.statusCode).toBe(200);
    expect(await snapshot(app, me)).toEqual(before);
    expect(before.checkouts.map((c) => c.status)).toEqual(['paid']);
  });

  it.each(['payment.captured', 'order.paid', 'payment.failed'] as const)(
    '%s for an order the shop does not know answers 200 and changes nothing',
    async (event) => {
      const { app } = shop.t;
      const me = await payingCustomer(shop, MEERA);
      const before = await snapshot(app, me);
      const ordersInShop = await app.ctx.db.selectFrom('orders').select('id').execute();

      const res = await postWebhook(
        app,
        signedWebhook({ event, orderId: razorpayId('order'), amount: me.amount }),
      );

      expect(res.statusCode).toBe(200);
      expect(await snapshot(app, me)).toEqual(before);
      expect(await app.ctx.db.selectFrom('orders').select('id').execute()).toEqual(ordersInShop);
    },
  );

  it('builds bodies the way Razorpay does: payment events carry the payment, order.paid the order too', () => {
    const captured = webhookBody({ event: 'payment.captured', orderId: 'order_X', amount: 100 }).body;
    const paid = webhookBody({ event: 'order.paid', orderId: 'order_X', amount: 100 }).body;
    expect(captured).toMatchObject({ entity: 'event', contains: ['payment'] });
    expect(paid).toMatchObject({
      contains: ['payment', 'order'],
      payload: { order: { entity: { id: 'order_X', status: 'paid' } } },
    });
  });
});
