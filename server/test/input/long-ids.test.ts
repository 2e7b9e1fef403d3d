import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin, validProduct } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { customer } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';

/** Longer than the router's own bound on a parameter (100), and far longer than any id. */
const LONG = ['x'.repeat(101), 'x'.repeat(300), 'x'.repeat(5000)];

describe(`an over-long id is not found, with its resource's message (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  let shopper: Awaited<ReturnType<typeof customer>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
    shopper = await customer(t.app);
  });
  afterAll(() => t.close());

  const routes = (id: string) =>
    [
      ['DELETE', `/api/user/delete/${id}`, 'admin', messages.userNotFound],
      ['DELETE', `/api/product/delete/${id}`, 'admin', messages.productNotFound],
      ['PATCH', `/api/product/editProduct/${id}`, 'admin', messages.productNotFound],
      ['GET', `/api/admin/products/${id}`, 'admin', messages.productNotFound],
      ['PATCH', `/api/admin/users/${id}/admin`, 'admin', messages.userNotFound],
      ['PATCH', `/api/admin/orders/${id}/deliver`, 'admin', messages.orderNotFound],
      ['GET', `/api/admin/orders/${id}`, 'admin', messages.orderNotFound],
      ['POST', `/api/user/orders/${id}/cancel`, 'shopper', messages.orderNotFound],
      ['GET', `/api/get-product/${id}`, 'shopper', messages.productNotFound],
      ['GET', `/api/user/get-order/${id}`, 'shopper', messages.orderNotFound],
    ] as const;
  const bodies: Record<string, object | undefined> = {
    PATCH: validProduct(),
    POST: {},
  };

  it.each(LONG.map((id) => [id.length, id] as const))('of %i characters', async (_length, id) => {
    for (const [method, url, who, message] of routes(id)) {
      const sid = who === 'admin' ? admin.sid : shopper.sid;
      const body = url.endsWith('/admin')
        ? { isAdmin: true }
        : url.endsWith('/deliver')
          ? {}
          : bodies[method];
      const res = await call(t.app, method, url, sid, body);
      expect({ url: url.slice(0, 40), status: res.statusCode, body: res.json() as unknown }).toEqual({
        url: url.slice(0, 40),
        status: 404,
        body: message,
      });
    }
  });
});
