import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  filesIn,
  imageOf,
  loggedIn,
  loginAsAdmin,
  multipartImage,
  setAdmin,
  snapshot,
  upload,
  validProduct,
} from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, productRow } from '../helpers/products.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Route = { method: Method; url: string; body?: object };

/** What a client might send to claim it is an admin; the server must believe none of it. */
const CLAIMS = {
  headers: {
    'x-admin': 'true',
    'x-is-admin': '1',
    'x-user-role': 'admin',
    authorization: 'Bearer admin',
  },
  cookies: { isAdmin: 'true', admin: '1', role: 'admin' },
};

describe(`admin routes refuse everyone but an admin (${testDbKind})`, () => {
  let t: TestApp;
  let routes: Route[];
  let target: { userId: string; productId: string; orderId: string };

  beforeAll(async () => {
    t = await createTestApp();
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const buyer = await loggedIn(t.app);
    await addToCart(t.app, buyer.sid, product.id, 1);
    const { orders } = await buyCart(t.app, buyer.sid);
    await addToCart(t.app, buyer.sid, product.id, 2);
    target = { userId: buyer.id, productId: product.id, orderId: orders[0]!._id };
    const flags = { isAdmin: true, is_admin: 1, role: 'admin' };
    routes = [
      { method: 'GET', url: '/api/getAllUsers?isAdmin=true' },
      { method: 'DELETE', url: `/api/user/delete/${target.userId}?isAdmin=true`, body: flags },
      { method: 'GET', url: '/api/getAllProducts?isAdmin=true' },
      { method: 'DELETE', url: `/api/product/delete/${target.productId}?isAdmin=true`, body: flags },
      { method: 'POST', url: '/api/addProduct?isAdmin=true', body: { ...validProduct(), ...flags } },
      {
        method: 'PATCH',
        url: `/api/product/editProduct/${target.productId}?isAdmin=true`,
        body: { ...validProduct({ price: 1 }), ...flags },
      },
      { method: 'GET', url: '/api/admin/orders?isAdmin=true' },
      { method: 'PATCH', url: `/api/admin/orders/${target.orderId}/deliver?isAdmin=true`, body: flags },
      { method: 'GET', url: '/api/admin/audit?isAdmin=true' },
    ];
  });
  afterAll(() => t.close());

  /** Every admin route once, as `sid` (or nobody), with the claims; answers the responses. */
  async function tryAll(sid: string | undefined, body?: object) {
    const answers = [];
    for (const route of routes) {
      const res = await call(t.app, route.method, route.url, sid, body ?? route.body, CLAIMS);
      answers.push({ route: `${route.method} ${route.url}`, res });
    }
    const image = multipartImage(await imageOf('png'), 'photo.png', 'image/png');
    answers.push({ route: 'POST /api/admin/uploads', res: await upload(t.app, sid, image, CLAIMS) });
    return answers;
  }

  it('answers 401 to every admin route without a session, whatever the client claims, and changes nothing', async () => {
    const before = await snapshot(t.app.ctx.db);
    for (const sid of [undefined, 'admin', 'true']) {
      const answers = await tryAll(sid);
      expect(answers).toHaveLength(10);
      for (const { route, res } of answers) {
        expect(res.statusCode, route).toBe(401);
        expect(res.json(), route).toEqual(messages.loginRequired);
      }
    }
    expect(await snapshot(t.app.ctx.db)).toEqual(before);
    expect(filesIn(t.app.ctx.config.uploadDir)).toEqual([]);
  });

  it('answers 403 to every admin route for a customer, whatever the client claims, and changes nothing', async () => {
    const me = await loggedIn(t.app);
    const before = await snapshot(t.app.ctx.db);
    const answers = await tryAll(me.sid);
    expect(answers).toHaveLength(10);
    for (const { route, res } of answers) {
      expect(res.statusCode, route).toBe(403);
      expect(res.json(), route).toEqual(messages.adminOnly);
    }
    expect(await snapshot(t.app.ctx.db)).toEqual(before);
    expect(filesIn(t.app.ctx.config.uploadDir)).toEqual([]);
    expect((await productRow(t.app.ctx.db, target.productId)).price_paise).toBe(100_00);
  });

  it('checks the role before the body: a bare claim body gets 401 or 403, never a validation 400', async () => {
    const me = await loggedIn(t.app);
    const before = await snapshot(t.app.ctx.db);
    for (const [sid, status, message] of [
      [undefined, 401, messages.loginRequired],
      [me.sid, 403, messages.adminOnly],
    ] as const) {
      for (const { route, res } of await tryAll(sid, { isAdmin: true })) {
        expect(res.statusCode, route).toBe(status);
        expect(res.json(), route).toEqual(message);
      }
      const badFilter = await call(t.app, 'GET', '/api/admin/orders?status=bad', sid);
      expect(badFilter.statusCode).toBe(status);
    }
    expect(await snapshot(t.app.ctx.db)).toEqual(before);
  });

  it('makes a customer promoted in the database an admin on their next request, same cookie', async () => {
    const me = await loggedIn(t.app);
    expect((await call(t.app, 'GET', '/api/getAllUsers', me.sid)).statusCode).toBe(403);
    await setAdmin(t.app.ctx.db, me.id, true);
    const res = await call(t.app, 'GET', '/api/getAllUsers', me.sid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(expect.objectContaining({ _id: me.id, isAdmin: true }));
  });

  it('takes access away from an admin demoted in the database on their next request, same cookie', async () => {
    const admin = await loginAsAdmin(t.app);
    const product = await createProduct(t.app.ctx.db);
    expect((await call(t.app, 'GET', '/api/getAllProducts', admin.sid)).statusCode).toBe(200);
    await setAdmin(t.app.ctx.db, admin.id, false);
    const list = await call(t.app, 'GET', '/api/getAllProducts', admin.sid);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual(messages.adminOnly);
    const del = await call(t.app, 'DELETE', `/api/product/delete/${product.id}`, admin.sid);
    expect(del.statusCode).toBe(403);
    expect(await productRow(t.app.ctx.db, product.id)).toMatchObject({ id: product.id });
  });

  it('answers 200 to the same routes for an admin (the refusals above are about the role)', async () => {
    const admin = await loginAsAdmin(t.app);
    for (const url of ['/api/getAllUsers', '/api/getAllProducts', '/api/admin/orders', '/api/admin/audit']) {
      expect((await call(t.app, 'GET', url, admin.sid)).statusCode, url).toBe(200);
    }
  });
});
