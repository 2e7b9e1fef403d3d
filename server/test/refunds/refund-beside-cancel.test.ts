import type { AdminOrderDetail } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { buyCart, customer, addToCart, validShipping } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

describe(`an owner's refund beside a cancel of the same order (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  it('both are answered (no error), and the order is refunded exactly once in full', async () => {
    const product = await createProduct(t.app.ctx.db, { price_paise: 1000_00, count_in_stock: 100 });
    for (let round = 0; round < 3; round += 1) {
      const me = await customer(t.app);
      await addToCart(t.app, me.sid, product.id, 1);
      const { orders } = await buyCart(t.app, me.sid, validShipping());
      const id = orders[0]!._id;
      const answers = await Promise.all([
        call(t.app, 'POST', `/api/admin/orders/${id}/refund`, admin.sid, { amount: 300 }),
        call(t.app, 'POST', `/api/admin/orders/${id}/cancel`, admin.sid, { reason: 'out of stock' }),
        call(t.app, 'POST', `/api/admin/orders/${id}/refund`, admin.sid, { amount: 300 }),
      ]);
      for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
      const detail = (
        await call(t.app, 'GET', `/api/admin/orders/${id}`, admin.sid)
      ).json() as AdminOrderDetail;
      expect(detail.order.status).toBe('cancelled');
      expect(detail.refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(1000);
      // Each got the provider's answer: none left pending by a transaction that failed.
      expect(detail.refunds.map((r) => r.status)).toEqual(detail.refunds.map(() => 'processed'));
    }
  });
});
