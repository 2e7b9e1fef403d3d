import {
  messages,
  ORDER_STATUS_TEXT,
  orderMessages,
  type AdminOrder,
  type AdminOrderDetail,
  type Order,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, deliver, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer, getOrder, stockOf } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { decodedMail, outbox } from '../helpers/mail.js';
import { createProduct } from '../helpers/products.js';

const ship = {
  carrier: 'Delhivery',
  trackingNumber: 'DLV123456789',
  trackingUrl: 'https://track.example.in/DLV123456789',
};

describe(`order states: ship, deliver, cancel, return (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp({ OWNER_EMAIL: 'owner@shop.test' });
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  /** A customer who bought `quantity` of a new product with `stock` in stock. */
  async function bought({ stock = 5, quantity = 2 } = {}) {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: stock, price_paise: 1250_00 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, quantity);
    const { orders } = await buyCart(t.app, me.sid);
    return { me, product, order: orders[0]! };
  }
  const act = (id: string, action: string, body: object = {}) =>
    call(t.app, 'POST', `/api/admin/orders/${id}/${action}`, admin.sid, body);
  const detail = async (id: string) => {
    const res = await call(t.app, 'GET', `/api/admin/orders/${id}`, admin.sid);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminOrderDetail;
  };
  const mailsTo = async (to: string) =>
    [...(await outbox(t)).values()].map(decodedMail).filter((m) => m.includes(`To: ${to}`));

  it('a new order is placed, with no shipment and no refund', async () => {
    const { order } = await bought();
    expect(order).toMatchObject({ status: 'placed', isDelivered: false, shipment: null, refund: null });
  });

  it('ships a placed order with its tracking; the customer sees it and is mailed the tracking', async () => {
    const { me, order } = await bought();
    const res = await act(order._id, 'ship', ship);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: orderMessages.orderShippedDone,
      order: { status: 'shipped', isDelivered: false, shipment: ship },
    });
    const mine = (await getOrder(t.app, me.sid, order._id)).json() as Order;
    expect(mine).toMatchObject({ status: 'shipped', shipment: ship, isDelivered: false });
    const mails = await mailsTo(me.user.email);
    const shipped = mails.find((m) => m.includes(orderMessages.mailShipped));
    expect(shipped).toContain(ship.trackingNumber);
    expect(shipped).toContain('Delhivery');
    expect(shipped).toContain('₹2,500');
    expect(shipped).toMatch(/Content-Type: text\/html/i);
  });

  it('delivers a shipped order: isDelivered and the spec text follow, and the history says who and when', async () => {
    const { me, order } = await bought();
    await act(order._id, 'ship', ship);
    const res = await deliver(t.app, admin.sid, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'delivered',
      isDelivered: true,
      paymentDetails: { isDelivered: true },
    });
    const page = await detail(order._id);
    expect(page.history.map((h) => h.status)).toEqual(['placed', 'shipped', 'delivered']);
    expect(page.history[1]).toMatchObject({
      by: admin.user.email,
      note: expect.stringContaining(ship.trackingNumber),
    });
    expect((await mailsTo(me.user.email)).some((m) => m.includes(orderMessages.mailDelivered))).toBe(true);
  });

  it("keeps the spec's mark-delivered from placed (delivered by hand)", async () => {
    const { order } = await bought();
    expect((await deliver(t.app, admin.sid, order._id)).json().order).toMatchObject({ status: 'delivered' });
  });

  it.each([
    ['placed', 'return', { resaleable: true }, 'Order Returned'],
    ['delivered', 'ship', ship, 'Order Shipped'],
    ['delivered', 'cancel', { reason: 'late' }, 'Order Cancelled'],
    ['cancelled', 'ship', ship, 'Order Shipped'],
    ['cancelled', 'deliver', undefined, 'Order Delivered'],
    ['returned', 'cancel', { reason: 'x' }, 'Order Cancelled'],
  ] as const)('refuses a %s order to %s (409) and changes nothing', async (from, action, body, toText) => {
    const { order } = await bought();
    if (from === 'delivered' || from === 'returned') await deliver(t.app, admin.sid, order._id);
    if (from === 'cancelled') await act(order._id, 'cancel', { reason: 'setup' });
    if (from === 'returned') await act(order._id, 'return', { resaleable: false });
    const before = await detail(order._id);
    const res =
      action === 'deliver' ? await deliver(t.app, admin.sid, order._id) : await act(order._id, action, body);
    expect(res.statusCode, res.body).toBe(409);
    const fromText = ORDER_STATUS_TEXT[before.order.status];
    expect(res.json()).toBe(orderMessages.orderCannotMove(fromText, toText));
    expect(await detail(order._id)).toEqual(before);
  });

  it('answers a repeated move with no change: one history row, one audit entry, one mail', async () => {
    const { me, order } = await bought();
    expect((await act(order._id, 'ship', ship)).statusCode).toBe(200);
    // Other tracking corrects it (correct-tracking.test.ts); the same details are no change.
    const again = await act(order._id, 'ship', { ...ship, carrier: ` ${ship.carrier} ` });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(orderMessages.orderShippedDone);
    expect(again.json().order.shipment).toEqual(ship);
    expect((await detail(order._id)).history).toHaveLength(2);
    const audits = (await auditOf(t.app, admin.sid)).filter((a) => a.targetId === order._id);
    expect(audits.map((a) => a.action)).toEqual(['order.ship']);
    expect((await mailsTo(me.user.email)).filter((m) => m.includes(orderMessages.mailShipped))).toHaveLength(
      1,
    );
  });

  it('of concurrent cancels exactly one moves it: stock back once, one refund', async () => {
    const { product, order } = await bought({ stock: 5, quantity: 2 });
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => act(order._id, 'cancel', { reason: 'out of stock at the warehouse' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(5);
    const page = await detail(order._id);
    expect(page.history.map((h) => h.status)).toEqual(['placed', 'cancelled']);
    expect(page.refunds).toHaveLength(1);
    expect(page.refunds[0]).toMatchObject({ amount: 2500, status: 'processed' });
    expect(page.order).toMatchObject({ status: 'cancelled', refund: { status: 'processed', amount: 2500 } });
    expect(page.cancelReason).toBe('out of stock at the warehouse');
  });

  it('of concurrent ship and cancel exactly one wins and the other is refused or no change', async () => {
    const { order } = await bought();
    const [shipped, cancelled] = await Promise.all([
      act(order._id, 'ship', ship),
      act(order._id, 'cancel', { reason: 'race' }),
    ]);
    const page = await detail(order._id);
    // Shipped then cancelled is allowed; cancelled then shipped is refused.
    if (page.order.status === 'cancelled' && page.history.length === 2) {
      expect(shipped.statusCode).toBe(409);
    } else {
      expect(page.history.map((h) => h.status)).toEqual(['placed', 'shipped', 'cancelled']);
    }
    expect(cancelled.statusCode).toBe(200);
    expect(page.refunds).toHaveLength(1);
  });

  it('returns a delivered order: resaleable puts the units back, not resaleable does not; both are refunded', async () => {
    const a = await bought({ stock: 4, quantity: 1 });
    const b = await bought({ stock: 4, quantity: 1 });
    for (const { order } of [a, b]) await deliver(t.app, admin.sid, order._id);
    expect((await act(a.order._id, 'return', { resaleable: true, note: 'sealed box' })).statusCode).toBe(200);
    expect((await act(b.order._id, 'return', { resaleable: false })).statusCode).toBe(200);
    expect(await stockOf(t.app.ctx.db, a.product.id)).toBe(4);
    expect(await stockOf(t.app.ctx.db, b.product.id)).toBe(3);
    for (const { order } of [a, b]) {
      const page = await detail(order._id);
      expect(page.order).toMatchObject({
        status: 'returned',
        isDelivered: true,
        refund: { status: 'processed' },
      });
    }
  });

  it('refuses a ship without carrier or tracking number, and a bad tracking URL (400)', async () => {
    const { order } = await bought();
    for (const [body, message] of [
      [{ trackingNumber: 'X' }, orderMessages.carrierRequired],
      [{ carrier: 'DTDC', trackingNumber: '  ' }, orderMessages.trackingNumberRequired],
      [{ ...ship, trackingUrl: 'javascript:alert(1)' }, orderMessages.trackingUrlInvalid],
    ] as const) {
      const res = await act(order._id, 'ship', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toBe(message);
    }
    expect((await act(order._id, 'cancel', {})).json()).toBe(orderMessages.reasonRequired);
    expect((await act(order._id, 'return', {})).json()).toBe(orderMessages.resaleableRequired);
  });

  it('answers 404 for an unknown order and 403 to a customer', async () => {
    const { me, order } = await bought();
    expect((await act('7d1f4a4e-0000-4000-8000-000000000000', 'ship', ship)).statusCode).toBe(404);
    const asCustomer = await call(t.app, 'POST', `/api/admin/orders/${order._id}/cancel`, me.sid, {
      reason: 'x',
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/admin/orders/${order._id}`, me.sid)).statusCode).toBe(403);
  });

  describe('the customer cancelling', () => {
    const cancelMine = (sid: string, id: string) => call(t.app, 'POST', `/api/user/orders/${id}/cancel`, sid);

    it('cancels their own placed order: stock back, refund, mail, history says the customer', async () => {
      const { me, product, order } = await bought({ stock: 3, quantity: 1 });
      const res = await cancelMine(me.sid, order._id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: orderMessages.orderCancelledByYou,
        order: { _id: order._id, status: 'cancelled', refund: { status: 'processed', amount: 1250 } },
      });
      expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);
      expect((await detail(order._id)).history[1]!.by).toBe(`${me.user.email} (customer)`);
      const mails = await mailsTo(me.user.email);
      expect(mails.some((m) => m.includes(orderMessages.mailCancelled))).toBe(true);
      expect(mails.some((m) => m.includes(orderMessages.mailRefunded))).toBe(true);
      expect((await cancelMine(me.sid, order._id)).statusCode).toBe(200);
      expect((await detail(order._id)).refunds).toHaveLength(1);
    });

    it("answers 404 to cancelling someone else's order and changes nothing", async () => {
      const { order } = await bought();
      const other = await customer(t.app);
      const res = await cancelMine(other.sid, order._id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toBe(messages.orderNotFound);
      expect((await detail(order._id)).order.status).toBe('placed');
    });

    it('refuses to cancel once shipped (409)', async () => {
      const { me, order } = await bought();
      await act(order._id, 'ship', ship);
      const res = await cancelMine(me.sid, order._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toBe(orderMessages.cannotCancelShipped);
    });

    it.each([
      ['delivered', orderMessages.cannotCancelDelivered],
      ['returned', orderMessages.cannotCancelReturned],
    ] as const)(
      'refuses to cancel a %s order (409) with a message that says so, and changes nothing',
      async (state, message) => {
        const { me, order } = await bought();
        await act(order._id, 'ship', ship);
        await deliver(t.app, admin.sid, order._id);
        if (state === 'returned') await act(order._id, 'return', { resaleable: true });
        const before = await detail(order._id);
        const res = await cancelMine(me.sid, order._id);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toBe(message);
        expect(await detail(order._id)).toEqual(before);
      },
    );

    it('answers 401 without a session', async () => {
      const { order } = await bought();
      expect((await call(t.app, 'POST', `/api/user/orders/${order._id}/cancel`)).statusCode).toBe(401);
    });
  });

  it('lists orders by each state in the admin list', async () => {
    const { order } = await bought();
    await act(order._id, 'ship', ship);
    const res = await call(t.app, 'GET', '/api/admin/orders?status=shipped', admin.sid);
    const shipped = res.json() as AdminOrder[];
    expect(shipped.map((o) => o._id)).toContain(order._id);
    expect(shipped.every((o) => o.status === 'shipped')).toBe(true);
  });

  it('shows the orders of one checkout together, with its total', async () => {
    const me = await customer(t.app);
    const p1 = await createProduct(t.app.ctx.db, { price_paise: 100_00 });
    const p2 = await createProduct(t.app.ctx.db, { price_paise: 250_50 });
    await addToCart(t.app, me.sid, p1.id, 2);
    await addToCart(t.app, me.sid, p2.id, 1);
    const { orders } = await buyCart(t.app, me.sid);
    const page = await detail(orders[0]!._id);
    expect(page.checkout.total).toBe(450.5);
    expect(page.checkout.orders.map((o) => o._id).sort()).toEqual(orders.map((o) => o._id).sort());
    expect(page.payment).toEqual({
      id: orders[0]!.paymentDetails.transactionId,
      method: 'card',
      provider: 'test',
    });
  });

  it('mails the owner of each new paid order', async () => {
    const { order } = await bought();
    const mails = await mailsTo('owner@shop.test');
    expect(
      mails.some((m) => m.includes(orderMessages.mailOwnerNewOrder) && m.includes(order.orderItem.name)),
    ).toBe(true);
  });
});
