import { ADMIN_PAGE_SIZE, messages, type AuditEntry, type RefundQueue } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loggedIn, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

/** More than the few hundred rows the audit log and the refunds once stopped at. */
const MANY = 520;
const start = Date.parse('2025-01-01T00:00:00Z');
const minute = (i: number) => new Date(start + i * 60_000).toISOString();

/**
 * The audit log and the refunds are paged like the other admin lists: every entry is reachable,
 * however old, and X-Total-Count says how many there are.
 */
describe(`the audit log and the refunds in pages (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  async function get<T>(path: string) {
    const res = await call(t.app, 'GET', path, admin.sid);
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json() as T, total: Number(res.headers['x-total-count']) };
  }
  const ids = (items: { _id: string }[]) => items.map((item) => item._id);

  it('reaches the oldest admin action: whole, and page by page, newest first', async () => {
    // A busy shop's past admin actions, a minute apart; the first is the oldest.
    await t.app.ctx.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: MANY }, (_, i) => ({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          actor_id: admin.id,
          actor_email: admin.user.email,
          action: 'product.edit',
          target_type: 'product',
          target_id: `product-${i}`,
          details: JSON.stringify({ round: i }),
          created_at: minute(i),
        })),
      )
      .execute();

    const whole = await get<AuditEntry[]>('/api/admin/audit');
    expect(whole.total).toBe(MANY);
    expect(whole.body).toHaveLength(MANY);
    expect(whole.body[0]!.targetId).toBe(`product-${MANY - 1}`);
    expect(whole.body.at(-1)!.targetId).toBe('product-0');

    const pages: AuditEntry[] = [];
    const pageCount = Math.ceil(MANY / ADMIN_PAGE_SIZE);
    for (let page = 1; page <= pageCount; page += 1) {
      const one = await get<AuditEntry[]>(`/api/admin/audit?page=${page}`);
      expect(one.total).toBe(MANY);
      pages.push(...one.body);
    }
    expect(ids(pages)).toEqual(ids(whole.body));
    const last = await get<AuditEntry[]>(`/api/admin/audit?page=${MANY}&limit=1`);
    expect(last.body.map((e) => e.targetId)).toEqual(['product-0']);
  });

  it('reaches the oldest refund: whole, and page by page, newest first; the payments due one stay listed', async () => {
    const buyer = await customer(t.app);
    await addToCart(t.app, buyer.sid, (await createProduct(t.app.ctx.db, { price_paise: 1_000_00 })).id, 1);
    const [order] = (await buyCart(t.app, buyer.sid)).orders;
    const checkout = await t.app.ctx.db
      .selectFrom('orders')
      .select(['checkout_id', 'transaction_id'])
      .where('id', '=', order!._id)
      .executeTakeFirstOrThrow();
    // Its past refunds, a rupee each, a minute apart: the first is the oldest.
    await t.app.ctx.db
      .insertInto('refunds')
      .values(
        Array.from({ length: MANY }, (_, i) => {
          const id = `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;
          return {
            id,
            checkout_id: checkout.checkout_id,
            order_id: order!._id,
            payment_id: checkout.transaction_id,
            amount_paise: 100,
            status: 'processed' as const,
            idempotency_key: id,
            provider_refund_id: `rfnd_${i}`,
            failure_reason: null,
            reason: `goodwill ${i}`,
            created_at: minute(i),
            updated_at: minute(i),
          };
        }),
      )
      .execute();

    const whole = await get<RefundQueue>('/api/admin/refunds');
    expect(whole.total).toBe(MANY);
    expect(whole.body.refunds).toHaveLength(MANY);
    expect(whole.body.refunds[0]!.reason).toBe(`goodwill ${MANY - 1}`);
    expect(whole.body.refunds.at(-1)).toMatchObject({ reason: 'goodwill 0', buyerEmail: buyer.user.email });

    const pages: RefundQueue['refunds'] = [];
    for (let page = 1; page <= Math.ceil(MANY / 100); page += 1) {
      const one = await get<RefundQueue>(`/api/admin/refunds?page=${page}&limit=100`);
      expect(one.total).toBe(MANY);
      expect(one.body.due).toEqual(whole.body.due);
      pages.push(...one.body.refunds);
    }
    expect(ids(pages)).toEqual(ids(whole.body.refunds));
  });

  it.each([
    ['page=0', messages.invalidPage],
    ['page=two', messages.invalidPage],
    ['limit=101', messages.invalidLimit],
  ])('refuses %s with 400 and the problem named', async (query, message) => {
    for (const path of ['/api/admin/audit', '/api/admin/refunds']) {
      const res = await call(t.app, 'GET', `${path}?${query}`, admin.sid);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toBe(message);
    }
  });

  it('answers a customer asking for a page 403, without any of it', async () => {
    const shopper = await loggedIn(t.app);
    for (const path of ['/api/admin/audit?page=1', '/api/admin/refunds?page=1']) {
      const res = await call(t.app, 'GET', path, shopper.sid);
      expect(res.statusCode, path).toBe(403);
      expect(res.json(), path).toEqual(messages.adminOnly);
      expect(res.headers['x-total-count'], path).toBeUndefined();
    }
  });
});
