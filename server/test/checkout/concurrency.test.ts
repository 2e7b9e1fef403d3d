import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cancelPayment,
  cartDetail,
  customer,
  orderCreate,
  signedPayment,
  stockOf,
  validShipping,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

describe(`checkouts at the same time (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function customers(count: number) {
    const list = [];
    for (let i = 0; i < count; i += 1) list.push(await customer(t.app));
    return list;
  }

  it('sells the last item to exactly one of 20 customers checking out at once', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 1 });
    const buyers = await customers(20);
    for (const b of buyers) await addToCart(t.app, b.sid, product.id, 1);

    const answers = await Promise.all(buyers.map((b) => orderCreate(t.app, b.sid, validShipping())));

    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual(messages.onlyInStock(product.name, 0));
    }
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(0);
    const holds = await t.app.ctx.db
      .selectFrom('checkouts')
      .innerJoin('checkout_lines', 'checkout_lines.checkout_id', 'checkouts.id')
      .select(['checkouts.user_id', 'checkouts.status', 'checkouts.provider_order_id'])
      .where('checkout_lines.product_id', '=', product.id)
      .execute();
    const winner = buyers[statuses.indexOf(200)]!;
    expect(holds).toEqual([
      {
        user_id: winner.id,
        status: 'pending',
        provider_order_id: (answers[statuses.indexOf(200)]!.json() as { id: string }).id,
      },
    ]);
  });

  it('never sells below zero when 20 customers want 2 of 7 at once', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 7 });
    const buyers = await customers(20);
    for (const b of buyers) await addToCart(t.app, b.sid, product.id, 2);

    const answers = await Promise.all(buyers.map((b) => orderCreate(t.app, b.sid, validShipping())));

    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(1);
  });

  it('holds the stock once when one customer calls orderCreate several times at once', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 3);

    const answers = await Promise.all([1, 2, 3, 4].map(() => orderCreate(t.app, me.sid, validShipping())));

    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(7);
    const pending = await t.app.ctx.db
      .selectFrom('checkouts')
      .select('provider_order_id')
      .where('user_id', '=', me.id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
  });

  it('never deadlocks or fails on multi-line carts filled in opposite orders', async () => {
    const products = [
      await createProduct(t.app.ctx.db, { count_in_stock: 100 }),
      await createProduct(t.app.ctx.db, { count_in_stock: 100 }),
      await createProduct(t.app.ctx.db, { count_in_stock: 100 }),
      await createProduct(t.app.ctx.db, { count_in_stock: 100 }),
    ];
    const buyers = await customers(8);
    for (const [i, b] of buyers.entries()) {
      const order = i % 2 === 0 ? products : [...products].reverse();
      for (const p of order) await addToCart(t.app, b.sid, p.id, 1 + (i % 3));
    }
    const wanted = buyers.reduce((sum, _b, i) => sum + 1 + (i % 3), 0);

    const created = await Promise.all(buyers.map((b) => orderCreate(t.app, b.sid, validShipping())));
    expect(created.map((r) => r.statusCode)).toEqual(buyers.map(() => 200));
    for (const p of products) expect(await stockOf(t.app.ctx.db, p.id)).toBe(100 - wanted);

    // Again at once: every retry releases its own hold and takes a new one.
    const retried = await Promise.all(buyers.map((b) => orderCreate(t.app, b.sid, validShipping())));
    expect(retried.map((r) => r.statusCode)).toEqual(buyers.map(() => 200));
    for (const p of products) expect(await stockOf(t.app.ctx.db, p.id)).toBe(100 - wanted);

    // Half pay and half cancel, all at once.
    const ids = retried.map((r) => (r.json() as { id: string }).id);
    const payments = await Promise.all(
      buyers.map((b, i) => (i % 2 === 0 ? signedPayment(t.app, b.sid, ids[i]!) : undefined)),
    );
    const closed = await Promise.all(
      buyers.map((b, i) =>
        payments[i] ? cartDetail(t.app, b.sid, payments[i]) : cancelPayment(t.app, b.sid, ids[i]!),
      ),
    );
    expect(closed.map((r) => r.statusCode)).toEqual(buyers.map(() => 200));
    const paid = buyers.reduce((sum, _b, i) => sum + (i % 2 === 0 ? 1 + (i % 3) : 0), 0);
    for (const p of products) expect(await stockOf(t.app.ctx.db, p.id)).toBe(100 - paid);
    const orders = await t.app.ctx.db.selectFrom('orders').select('user_id').execute();
    expect(orders).toHaveLength(4 * 4);
  });
});
