import type { AdminOrder } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, deliver, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

/** The owner looks an order up by what the customer quotes from their order page. */
describe(`searching the admin's orders by an id (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  beforeAll(async () => {
    t = await createTestApp();
    sid = (await loginAsAdmin(t.app)).sid;
  });
  afterAll(() => t.close());

  async function search(query: string) {
    const res = await call(t.app, 'GET', `/api/admin/orders?${query}`, sid);
    expect(res.statusCode, res.body).toBe(200);
    return {
      ids: (res.json() as AdminOrder[]).map((o) => o._id).sort(),
      total: Number(res.headers['x-total-count']),
    };
  }
  const q = (text: string) => `q=${encodeURIComponent(text)}`;

  /** One payment for two products (two orders sharing its ids), and another customer's order. */
  async function twoPayments() {
    const buyer = await customer(t.app);
    await addToCart(t.app, buyer.sid, (await createProduct(t.app.ctx.db)).id, 1);
    await addToCart(t.app, buyer.sid, (await createProduct(t.app.ctx.db)).id, 2);
    const { orders } = await buyCart(t.app, buyer.sid);
    const other = await customer(t.app);
    await addToCart(t.app, other.sid, (await createProduct(t.app.ctx.db)).id, 1);
    const [otherOrder] = (await buyCart(t.app, other.sid)).orders;
    expect(orders).toHaveLength(2);
    return { orders, otherOrder: otherOrder! };
  }

  it("finds a payment's orders by the Order ID and by the Transaction ID the customer's page shows", async () => {
    const { orders, otherOrder } = await twoPayments();
    const { orderId, transactionId } = orders[0]!.paymentDetails;
    expect(orderId).toMatch(/^order_/);
    expect(transactionId).toMatch(/^pay_/);
    const both = orders.map((o) => o._id).sort();

    expect(await search(q(orderId))).toEqual({ ids: both, total: 2 });
    expect(await search(`${q(transactionId)}&page=1`)).toEqual({ ids: both, total: 2 });
    expect(await search(q(otherOrder.paymentDetails.orderId))).toEqual({ ids: [otherOrder._id], total: 1 });
    expect(await search(q(` ${otherOrder.paymentDetails.transactionId} `))).toEqual({
      ids: [otherOrder._id],
      total: 1,
    });
  });

  it("finds an order by the shop's own order id in any letter case", async () => {
    const { orders } = await twoPayments();
    const id = orders[1]!._id;
    expect(await search(q(id))).toEqual({ ids: [id], total: 1 });
    expect(await search(q(id.toUpperCase()))).toEqual({ ids: [id], total: 1 });
  });

  it('matches an id exactly: a part of one finds nothing', async () => {
    const { orders } = await twoPayments();
    const { orderId, transactionId } = orders[0]!.paymentDetails;
    for (const part of [orderId.slice(0, -1), transactionId.slice(1), orders[0]!._id.slice(0, 8)]) {
      expect(await search(`${q(part)}&page=1`), part).toEqual({ ids: [], total: 0 });
    }
  });

  it('keeps the status filter with an id search', async () => {
    const { orders } = await twoPayments();
    expect((await deliver(t.app, sid, orders[0]!._id)).statusCode).toBe(200);
    const { orderId } = orders[0]!.paymentDetails;
    expect(await search(`${q(orderId)}&status=delivered`)).toEqual({ ids: [orders[0]!._id], total: 1 });
    expect(await search(`${q(orderId)}&status=placed`)).toEqual({ ids: [orders[1]!._id], total: 1 });
  });
});
