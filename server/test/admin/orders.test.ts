import { messages, type AdminOrder, type Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, deliver, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer, getOrder, validShipping } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

describe(`orders in the admin panel (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  beforeAll(async () => {
    t = await createTestApp();
    sid = (await loginAsAdmin(t.app)).sid;
  });
  afterAll(() => t.close());

  async function buys(who: { sid: string }, shipping = validShipping()) {
    const product = await createProduct(t.app.ctx.db);
    await addToCart(t.app, who.sid, product.id, 1);
    return (await buyCart(t.app, who.sid, shipping)).orders[0]!;
  }

  async function adminOrders(query = '') {
    const res = await call(t.app, 'GET', `/api/admin/orders${query}`, sid);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminOrder[];
  }

  it("lists every user's orders, newest first, each with its buyer", async () => {
    const asha = await customer(t.app);
    const ravi = await customer(t.app);
    const first = await buys(asha);
    t.clock.advance(60 * 60_000);
    const second = await buys(ravi, validShipping({ name: 'Ravi Kumar', email: 'ravi.k@example.com' }));
    t.clock.advance(60 * 60_000);
    const third = await buys(asha);

    const orders = await adminOrders();
    expect(orders.map((o) => o._id)).toEqual([third._id, second._id, first._id]);
    expect(orders[0]).toEqual({
      ...third,
      buyer: { userId: asha.id, name: asha.user.name, email: asha.user.email },
      // This shop has no Razorpay keys: the test gateway took the payment.
      testPayment: true,
    });
    // The buyer is the account, whatever name the shipping form carried.
    expect(orders[1]!.buyer).toEqual({ userId: ravi.id, name: ravi.user.name, email: ravi.user.email });
    expect(orders[1]!.sent_to).toMatchObject({ name: 'Ravi Kumar', email: 'ravi.k@example.com' });
  });

  it('filters by status placed or delivered; all (or none) lists both', async () => {
    const me = await customer(t.app);
    const placed = await buys(me);
    const delivered = await buys(me);
    expect((await deliver(t.app, sid, delivered._id)).statusCode).toBe(200);

    const onlyPlaced = await adminOrders('?status=placed');
    expect(onlyPlaced.map((o) => o._id)).toContain(placed._id);
    expect(onlyPlaced.map((o) => o._id)).not.toContain(delivered._id);
    expect(onlyPlaced.every((o) => !o.isDelivered)).toBe(true);

    const onlyDelivered = await adminOrders('?status=delivered');
    expect(onlyDelivered.map((o) => o._id)).toEqual([delivered._id]);

    const everything = await adminOrders();
    expect(await adminOrders('?status=all')).toEqual(everything);
    expect(everything).toHaveLength(onlyPlaced.length + onlyDelivered.length);
  });

  it.each(['bad', 'Delivered', ''])('answers 400 to the status filter %j', async (status) => {
    const res = await call(t.app, 'GET', `/api/admin/orders?status=${status}`, sid);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.invalidOrderStatus);
  });

  it("marks an order delivered; the customer's order then shows it delivered", async () => {
    const me = await customer(t.app);
    const order = await buys(me);
    expect(order.isDelivered).toBe(false);

    const res = await deliver(t.app, sid, order._id);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { message: string; order: AdminOrder };
    expect(answer.message).toBe(messages.markedDelivered);
    expect(answer.order).toMatchObject({
      _id: order._id,
      isDelivered: true,
      paymentDetails: { isDelivered: true },
      buyer: { userId: me.id },
    });

    const mine = await getOrder(t.app, me.sid, order._id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      ...order,
      isDelivered: true,
      status: 'delivered',
      paymentDetails: { ...order.paymentDetails, isDelivered: true },
    } satisfies Order);
  });

  it('answers 200 again to marking a delivered order delivered, and it stays delivered', async () => {
    const me = await customer(t.app);
    const order = await buys(me);
    expect((await deliver(t.app, sid, order._id)).statusCode).toBe(200);
    const again = await deliver(t.app, sid, order._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().order).toMatchObject({ isDelivered: true });
  });

  it.each([
    ['an unknown id', '7d1f4a4e-0000-4000-8000-000000000000'],
    ['an SQL injection matching everything', encodeURIComponent("' OR '1'='1")],
  ])('answers 404 to delivering %s and delivers nothing', async (_case, id) => {
    const me = await customer(t.app);
    await buys(me);
    const placedBefore = (await adminOrders('?status=placed')).length;
    const res = await deliver(t.app, sid, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.orderNotFound);
    expect(await adminOrders('?status=placed')).toHaveLength(placedBefore);
  });
});
