import { messages, TEST_CARDS, type Product } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInOwner, signUp, type Session } from './support/accounts.js';
import { attackDb, mainShop } from './support/context.js';
import { expectRefused } from './support/expect.js';
import { client, type Api } from './support/http.js';
import { addToCart, buyCart, cartOf, ordersOf, product, ownProducts, validShipping } from './support/shop.js';

type Route = { method: string; path: string };

/** Every route of the API, from the OpenAPI document the server builds from its own route table. */
async function routesOf(api: Api, tag?: string): Promise<Route[]> {
  const doc = (await api.get('/api/docs')).body as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, op]) => tag === undefined || op.tags?.includes(tag))
      .map(([method]) => ({ method: method.toUpperCase(), path })),
  );
}

/** What a client might send to claim it is an admin; the server must believe none of it. */
const CLAIM_HEADERS = {
  'x-admin': 'true',
  'x-user-role': 'admin',
  authorization: 'Bearer admin',
  cookie: 'isAdmin=true; role=admin',
};
const CLAIM_BODY = {
  isAdmin: true,
  is_admin: 1,
  role: 'admin',
  name: 'Claimed Product',
  category: 'games',
  price: 1,
  countInStock: 1,
  image: 'https://cdn.example.com/x.png',
  description: 'Written by someone who is not an admin.',
};

describe(`broken access control (${attackDb()})`, () => {
  const api = client(mainShop().baseUrl);
  let owner: Session;
  let alice: Session;
  let bob: Session;
  let bought: Product;
  let inCart: Product;
  let aliceOrderId: string;

  beforeAll(async () => {
    [owner, alice, bob] = await Promise.all([logInOwner(api), signUp(api), signUp(api)]);
    const made = await ownProducts(api, owner.sid, 2);
    [bought, inCart] = [made[0]!, made[1]!];
    await addToCart(api, alice.sid, bought._id, 1);
    aliceOrderId = (await buyCart(api, alice.sid)).orders[0]!._id;
    await addToCart(api, alice.sid, inCart._id, 2);
    const review = await api.post('/api/user/review', {
      sid: alice.sid,
      json: { productId: bought._id, rating: 4, comment: 'Alice wrote this.' },
    });
    expect(review.status, review.text).toBe(201);
  });

  /** The admin routes with their ids filled in: Alice, her order, the product she bought. */
  async function adminRoutes(): Promise<Route[]> {
    const routes = (await routesOf(api, 'admin')).map(({ method, path }) => ({
      method,
      path: path.replace(
        '{id}',
        path.includes('/user/') ? alice.id : path.includes('/orders/') ? aliceOrderId : bought._id,
      ),
    }));
    // The document must list what we know exists, or "every route" would prove little.
    expect(routes.map((r) => `${r.method} ${r.path.replace(/[\w-]{36}/, ':id')}`)).toEqual(
      expect.arrayContaining([
        'GET /api/getAllUsers',
        'DELETE /api/user/delete/:id',
        'GET /api/getAllProducts',
        'POST /api/addProduct',
        'PATCH /api/product/editProduct/:id',
        'DELETE /api/product/delete/:id',
        'GET /api/admin/orders',
        'PATCH /api/admin/orders/:id/deliver',
        'GET /api/admin/audit',
        'POST /api/admin/uploads',
      ]),
    );
    return routes;
  }

  /** What the admin routes could have changed, read back through the owner's API. */
  async function adminTargets() {
    const users = (await api.get('/api/getAllUsers', { sid: owner.sid })).body as { _id: string }[];
    const orders = (await api.get('/api/admin/orders', { sid: owner.sid })).body as {
      _id: string;
      isDelivered: boolean;
    }[];
    const audit = (await api.get('/api/admin/audit', { sid: owner.sid })).body as {
      actor: { userId: string };
    }[];
    return {
      aliceExists: users.some((u) => u._id === alice.id),
      product: await product(api, owner.sid, bought._id),
      order: orders.find((o) => o._id === aliceOrderId),
      auditByCustomers: audit.filter((a) => [alice.id, bob.id].includes(a.actor.userId)).length,
    };
  }

  it('answers 401 to every admin route without a session, whatever the client claims, and changes nothing', async () => {
    const before = await adminTargets();
    for (const route of await adminRoutes()) {
      const res = await api.send(route.method, route.path, {
        headers: CLAIM_HEADERS,
        ...(route.method === 'GET' ? {} : { json: CLAIM_BODY }),
      });
      expectRefused(res, 401, messages.loginRequired);
    }
    expect(await adminTargets()).toEqual(before);
  });

  it('answers 403 to every admin route for a customer, whatever the client claims, and changes nothing', async () => {
    const before = await adminTargets();
    for (const route of await adminRoutes()) {
      const res = await api.send(route.method, route.path, {
        sid: bob.sid,
        headers: CLAIM_HEADERS,
        ...(route.method === 'GET' ? {} : { json: CLAIM_BODY }),
      });
      expectRefused(res, 403, messages.adminOnly);
    }
    expect(await adminTargets()).toEqual(before);
  });

  it('answers the admin read routes to the owner (the refusals above are about the role)', async () => {
    for (const path of ['/api/getAllUsers', '/api/getAllProducts', '/api/admin/orders', '/api/admin/audit']) {
      expect((await api.get(path, { sid: owner.sid })).status).toBe(200);
    }
  });

  it('answers 401 to every route that needs a login when there is no session', async () => {
    const open = new Set([
      'GET /healthz',
      'GET /readyz',
      'POST /api/user/register',
      'POST /api/user/login',
      'POST /api/user/logout',
      'POST /api/user/forgotPass',
      'POST /api/user/resetPassword/{resetToken}',
      // Signed by Razorpay, not by a session: an unsigned call is refused with 400.
      'POST /api/payment/webhook',
      // The shop's terms, privacy and contact pages are for everyone (decisions/0031).
      'GET /api/pages/{slug}',
    ]);
    // Bodies that pass each route's schema, so the refusal is about the session, not the body.
    const bodies: Record<string, object> = {
      'POST /api/saveCart': { item: { _id: 'x' }, quantity: 1 },
      'PATCH /api/updateQuantity': { id: 'x', quantity: 1 },
      'PATCH /api/cart/update': { index: 0 },
      'PATCH /api/user/update': { userName: 'Someone' },
      'POST /api/payment/orderCreate': { data: validShipping() },
      'POST /api/payment/cartDetail': {
        razorpay_payment_id: 'p',
        razorpay_order_id: 'o',
        razorpay_signature: 's',
      },
      'POST /api/payment/cancel': { order_id: 'o' },
      'POST /api/payment/test-gateway/pay': { order_id: 'o', card_number: TEST_CARDS.success },
      'POST /api/user/review': { productId: 'x', rating: 4, comment: 'Nice' },
    };
    const guarded = (await routesOf(api)).filter((r) => !open.has(`${r.method} ${r.path}`));
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const path = route.path.replace(/\{[^}]+\}/g, 'x');
      const json = bodies[`${route.method} ${route.path}`] ?? {};
      const res = await api.send(route.method, path, route.method === 'GET' ? {} : { json });
      expectRefused(res, 401, messages.loginRequired);
    }
    const webhook = await api.post('/api/payment/webhook', { json: { event: 'payment.captured' } });
    expectRefused(webhook, 400, messages.webhookSignatureInvalid);
  });

  it("refuses a customer changing a product's price, and the price stays", async () => {
    const before = await product(api, owner.sid, bought._id);
    const res = await api.patch(`/api/product/editProduct/${bought._id}`, {
      sid: bob.sid,
      json: { ...CLAIM_BODY, name: before.name, price: 1 },
    });
    expectRefused(res, 403, messages.adminOnly);
    expect(await product(api, bob.sid, bought._id)).toEqual(before);
  });

  it("never shows or changes another user's cart line", async () => {
    const aliceCart = await cartOf(api, alice.sid);
    expect(aliceCart.cartProducts.map((l) => l.product._id)).toEqual([inCart._id]);

    expect((await cartOf(api, bob.sid)).cartProducts).toEqual([]);
    const change = await api.patch('/api/updateQuantity', {
      sid: bob.sid,
      json: { id: inCart._id, quantity: 5, userId: alice.id },
    });
    expectRefused(change, 404, messages.notInCart);
    const remove = await api.patch('/api/cart/update', {
      sid: bob.sid,
      json: { index: 0, userId: alice.id },
    });
    expectRefused(remove, 404, messages.invalidCartIndex);
    // Naming Alice in a save puts the line in Bob's own cart.
    const save = await api.post('/api/saveCart', {
      sid: bob.sid,
      json: { item: { _id: inCart._id }, quantity: 1, userId: alice.id, user_id: alice.id },
    });
    expect(save.status).toBe(200);
    expect((await cartOf(api, bob.sid)).cartProducts.map((l) => l.quantity)).toEqual([1]);

    expect(await cartOf(api, alice.sid)).toEqual(aliceCart);
  });

  it("answers 404 to another user's order, and never lists it", async () => {
    const res = await api.get(`/api/user/get-order/${aliceOrderId}`, { sid: bob.sid });
    expectRefused(res, 404, messages.orderNotFound);
    expectRefused(await api.get(`/api/user/get-order/${aliceOrderId}`), 401, messages.loginRequired);
    expect((await ordersOf(api, bob.sid)).map((o) => o._id)).not.toContain(aliceOrderId);
    expect((await ordersOf(api, alice.sid)).map((o) => o._id)).toContain(aliceOrderId);
  });

  it("never replaces another user's review, even when the body names them", async () => {
    const res = await api.post('/api/user/review', {
      sid: bob.sid,
      json: {
        productId: bought._id,
        rating: 1,
        comment: 'Bob wrote this.',
        userId: alice.id,
        name: alice.name,
      },
    });
    expect(res.status, res.text).toBe(201);
    const reviews = (await product(api, bob.sid, bought._id)).reviews;
    expect(reviews.find((r) => r.userId === alice.id)).toMatchObject({
      name: alice.name,
      rating: 4,
      comment: 'Alice wrote this.',
    });
    expect(reviews.find((r) => r.userId === bob.id)).toMatchObject({
      name: bob.name,
      comment: 'Bob wrote this.',
    });
  });

  it("has no way to delete another user's review: every guess is an unknown route", async () => {
    const guesses: Route[] = [
      { method: 'DELETE', path: `/api/user/review/${bought._id}` },
      { method: 'DELETE', path: `/api/user/review` },
      { method: 'DELETE', path: `/api/review/${alice.id}` },
      { method: 'POST', path: `/api/user/review/delete` },
      { method: 'PATCH', path: `/api/user/review` },
    ];
    for (const guess of guesses) {
      const res = await api.send(guess.method, guess.path, {
        sid: bob.sid,
        json: { productId: bought._id, userId: alice.id },
      });
      expectRefused(res, 404);
    }
    // An empty comment is refused, not taken as "delete mine" (or anyone's).
    const blank = await api.post('/api/user/review', {
      sid: bob.sid,
      json: { productId: bought._id, rating: 3, comment: '', userId: alice.id },
    });
    expectRefused(blank, 400, messages.commentRequired);
    const reviews = (await product(api, bob.sid, bought._id)).reviews;
    expect(reviews.find((r) => r.userId === alice.id)?.comment).toBe('Alice wrote this.');
  });
});
