import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  buyCart,
  cancelPayment,
  customer,
  startCheckout,
  validShipping,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

function lastShipping(app: App, sid: string | undefined) {
  return app.inject({ method: 'GET', url: '/api/user/last-shipping', ...(sid ? { cookies: { sid } } : {}) });
}

describe(`the shipping details of the last order (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function buys(sid: string, shipping: ReturnType<typeof validShipping>) {
    const product = await createProduct(t.app.ctx.db);
    await addToCart(t.app, sid, product.id, 1);
    await buyCart(t.app, sid, shipping);
  }

  it('answers null before the first order, and never to be cached', async () => {
    const me = await customer(t.app);
    const res = await lastShipping(t.app, me.sid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ shipping: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the details of the latest paid order with the account, as they were sent', async () => {
    const me = await customer(t.app);
    const first = validShipping({ streetAddress: '12 MG Road', phone: '9876543210' });
    await buys(me.sid, first);
    expect((await lastShipping(t.app, me.sid)).json()).toEqual({ shipping: first });

    t.clock.advance(60_000);
    const moved = validShipping({
      name: 'Asha V',
      streetAddress: '7 Lake View',
      town: 'Nashik',
      pincode: '422001',
    });
    await buys(me.sid, moved);
    const res = await lastShipping(t.app, me.sid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ shipping: moved });
  });

  it('does not offer the details of a checkout that was never paid', async () => {
    const me = await customer(t.app);
    const paid = validShipping({ town: 'Pune' });
    await buys(me.sid, paid);
    t.clock.advance(60_000);
    const product = await createProduct(t.app.ctx.db);
    await addToCart(t.app, me.sid, product.id, 1);
    const { id } = await startCheckout(t.app, me.sid, validShipping({ town: 'Goa' }));
    await cancelPayment(t.app, me.sid, id);
    expect((await lastShipping(t.app, me.sid)).json()).toEqual({ shipping: paid });
  });

  it('answers each account only its own details, and 401 to no session', async () => {
    const owner = await customer(t.app);
    await buys(owner.sid, validShipping({ streetAddress: '1 Private Lane' }));
    const other = await customer(t.app);
    const res = await lastShipping(t.app, other.sid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ shipping: null });
    expect(res.body).not.toContain('Private Lane');

    const anonymous = await lastShipping(t.app, undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Private Lane');
  });
});
