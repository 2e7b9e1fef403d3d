import { messages, type Overview } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';
import { addDays, dayStart, shopDay } from '../../src/lib/shop-time.js';

const DAY = 86_400_000;

describe(`the owner's overview (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const overview = async () => {
    const res = await call(t.app, 'GET', '/api/admin/overview', admin.sid);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Overview;
  };
  /** Moves the test clock to this instant (orders and refunds are stamped with it). */
  const at = (instant: number) => t.clock.advance(instant - t.clock.now().getTime());
  async function buy(pricePaise: number, quantity: number) {
    const product = await createProduct(t.app.ctx.db, { price_paise: pricePaise, count_in_stock: 100 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, quantity);
    const { orders } = await buyCart(t.app, me.sid);
    return { product, order: orders[0]! };
  }

  it('is for admins only', async () => {
    expect((await call(t.app, 'GET', '/api/admin/overview')).statusCode).toBe(401);
    const shopper = await loginAs(t.app);
    const res = await call(t.app, 'GET', '/api/admin/overview', shopper.sid);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toBe(messages.adminOnly);
  });

  it('an empty shop shows 30 days and 12 months of zeros, ending today', async () => {
    const o = await overview();
    expect(o.currency).toBe('INR');
    expect(o.today).toBe(shopDay(t.clock.now()));
    expect(o.days).toHaveLength(30);
    expect(o.days.at(-1)!.date).toBe(o.today);
    expect(o.days[0]!.date).toBe(addDays(o.today, -29));
    expect(o.months).toHaveLength(12);
    expect(o.months.at(-1)!.month).toBe(o.today.slice(0, 7));
    expect(o.last30Days).toEqual({ orders: 0, gross: 0, refunds: 0, revenue: 0, averageOrderValue: 0 });
    expect(o.topByRevenue).toEqual([]);
  });

  it('matches the orders exactly: gross, refunds on their day, revenue, average, top products', async () => {
    const today = shopDay(new Date());
    const threeDaysAgo = addDays(today, -3);
    // Ten minutes after midnight in India is the evening before in UTC: it counts on India's day.
    at(Date.parse(dayStart(threeDaysAgo)) + 10 * 60_000);
    const lamp = await buy(999_50, 1);
    at(Date.now() - 40 * DAY);
    const old = await buy(5000_00, 1);
    at(Date.now());
    const kettle = await buy(1250_00, 2);

    // A part refund of the kettle, and the lamp cancelled (refunded in full), both today.
    const part = await call(t.app, 'POST', `/api/admin/orders/${kettle.order._id}/refund`, admin.sid, {
      amount: 300,
    });
    expect(part.statusCode, part.body).toBe(200);
    const cancel = await call(t.app, 'POST', `/api/admin/orders/${lamp.order._id}/cancel`, admin.sid, {
      reason: 'Out of stock at the warehouse',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const o = await overview();
    const day = (date: string) => o.days.find((d) => d.date === date)!;
    expect(day(threeDaysAgo)).toEqual({
      date: threeDaysAgo,
      orders: 1,
      gross: 999.5,
      refunds: 0,
      revenue: 999.5,
    });
    expect(day(addDays(threeDaysAgo, -1)).orders).toBe(0);
    expect(day(today)).toEqual({ date: today, orders: 1, gross: 2500, refunds: 1299.5, revenue: 1200.5 });
    expect(o.last30Days).toEqual({
      orders: 2,
      gross: 3499.5,
      refunds: 1299.5,
      revenue: 2200,
      averageOrderValue: 1749.75,
    });
    expect(o.last12Months).toMatchObject({ orders: 3, gross: 8499.5, refunds: 1299.5, revenue: 7200 });
    expect(o.months.reduce((sum, m) => sum + m.gross, 0)).toBe(8499.5);
    expect(o.topByRevenue.map((p) => [p.productId, p.revenue, p.units])).toEqual([
      [kettle.product.id, 2200, 2],
      [lamp.product.id, 0, 0],
    ]);
    expect(o.topByUnits[0]).toMatchObject({
      productId: kettle.product.id,
      name: kettle.product.name,
      units: 2,
    });
    expect(o.topByRevenue.map((p) => p.productId)).not.toContain(old.product.id);
  });
});
