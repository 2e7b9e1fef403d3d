import { messages, type Product } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInOwner, login, me, newCustomer, register, signUp, type Session } from './support/accounts.js';
import { attackDb, mainShop } from './support/context.js';
import { expectRefused } from './support/expect.js';
import { client } from './support/http.js';
import {
  addProduct,
  addToCart,
  buyCart,
  catalog,
  ownProducts,
  product,
  validShipping,
} from './support/shop.js';

/** SQL meta-characters, tautologies, stacked queries, UNION SELECTs and sleeps, for both databases. */
const SQL = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '" OR ""="',
  "') OR ('a'='a",
  "admin'--",
  "'; DROP TABLE users; --",
  '1; DELETE FROM products; --',
  "' UNION SELECT id, email, password_hash, NULL FROM users --",
  "x' UNION SELECT name, sql FROM sqlite_master --",
  "' UNION SELECT table_name FROM information_schema.tables --",
  "'||(SELECT password_hash FROM users LIMIT 1)||'",
  "'; SELECT pg_sleep(3); --",
  "' AND 1=(SELECT 1 FROM pg_sleep(3)) --",
  "%' OR name LIKE '%",
  '%',
  '_',
  '\\',
  "\\'",
];

/** Values of the wrong type where a string belongs, as a NoSQL-style injection would send them. */
const NOT_STRINGS: unknown[] = [{ $ne: null }, { $gt: '' }, ['a'], [], 1, true, null];

describe(`injection (${attackDb()})`, () => {
  const api = client(mainShop().baseUrl);
  let owner: Session;
  let customer: Session;
  let victim: Session;
  let products: Product[];
  let sentinel: Product;

  beforeAll(async () => {
    [owner, customer, victim] = await Promise.all([logInOwner(api), signUp(api), signUp(api)]);
    products = await ownProducts(api, owner.sid, 2);
    sentinel = products.shift()!;
  });

  /**
   * What an injected tautology would change: the rows of this file's own
   * victim and sentinel product (nobody else touches them; other test files
   * change their own rows in parallel), and who is an admin.
   */
  async function sentinels() {
    const users = (await api.get('/api/getAllUsers', { sid: owner.sid })).body as {
      _id: string;
      isAdmin: boolean;
    }[];
    return {
      victim: users.find((u) => u._id === victim.id),
      admins: users
        .filter((u) => u.isAdmin)
        .map((u) => u._id)
        .sort(),
      product: await product(api, owner.sid, sentinel._id),
    };
  }

  it('logs nobody in with SQL in the email or the password, and answers fast', async () => {
    for (const payload of SQL) {
      const asEmail = await login(api, payload, 'whatever');
      expectRefused(asEmail, [400, 404]);
      expect(asEmail.cookies).toEqual([]);
      const asPassword = await login(api, customer.email, payload);
      expectRefused(asPassword, 401, messages.wrongCredentials);
      expect(asPassword.cookies).toEqual([]);
      expect(Math.max(asEmail.ms, asPassword.ms), payload).toBeLessThan(2500);
    }
    const inBoth = await login(api, `${customer.email}' --`, "' OR '1'='1");
    expectRefused(inBoth, [400, 404]);
  });

  it('logs nobody in with an object or array where the email or password belongs', async () => {
    for (const value of NOT_STRINGS) {
      for (const body of [
        { email: value, password: customer.password },
        { email: customer.email, password: value },
        { email: value, password: value },
      ]) {
        const res = await api.post('/api/user/login', { json: body });
        expectRefused(res, 400, messages.fieldsCantBeEmpty);
        expect(res.cookies).toEqual([]);
      }
    }
  });

  it('finds only names that contain the search text literally, never extra rows', async () => {
    for (const payload of SQL) {
      const res = await api.get(`/api/get-products?q=${encodeURIComponent(payload)}`, { sid: customer.sid });
      expect(res.status, payload).toBe(200);
      const names = (res.body.products as Product[]).map((p) => p.name.toLowerCase());
      expect(
        names.filter((n) => !n.includes(payload.toLowerCase())),
        payload,
      ).toEqual([]);
      expect(res.body.total, payload).toBe(names.length);
      expect(res.ms, payload).toBeLessThan(2500);
    }
  });

  it('treats a search parameter that is not one string as an error or as absent, never as an operator', async () => {
    const twice = await api.get('/api/get-products?q=a&q=b', { sid: customer.sid });
    expectRefused(twice, 400);
    const totals: [string, number][] = [];
    for (const query of ['q[$ne]=x', 'q[]=a', 'q.$gt=', 'category[$ne]=games']) {
      const res = await api.get(`/api/get-products?${query}`, { sid: customer.sid });
      expect(res.status, query).toBe(200);
      totals.push([query, res.body.total as number]);
    }
    // Read after the queries: other test files add products in parallel, and only add.
    const all = await catalog(api, customer.sid);
    for (const [query, total] of totals) expect(total, query).toBeLessThanOrEqual(all.length);
  });

  it('answers 404 to SQL in every id, and removes or changes nothing', async () => {
    const before = await sentinels();
    for (const payload of SQL) {
      const id = encodeURIComponent(payload);
      const asCustomer = [
        await api.get(`/api/get-product/${id}`, { sid: customer.sid }),
        await api.get(`/api/user/get-order/${id}`, { sid: customer.sid }),
        await api.post('/api/saveCart', { sid: customer.sid, json: { item: { _id: payload }, quantity: 1 } }),
        await api.patch('/api/updateQuantity', { sid: customer.sid, json: { id: payload, quantity: 1 } }),
        await api.post('/api/user/review', {
          sid: customer.sid,
          json: { productId: payload, rating: 3, comment: 'x' },
        }),
        await api.post('/api/payment/cancel', { sid: customer.sid, json: { order_id: payload } }),
      ];
      for (const res of asCustomer) expectRefused(res, [400, 404]);
      // As the owner, where a tautology would delete or change every row.
      const asOwner = [
        await api.delete(`/api/product/delete/${id}`, { sid: owner.sid }),
        await api.delete(`/api/user/delete/${id}`, { sid: owner.sid }),
        await api.patch(`/api/admin/orders/${id}/deliver`, { sid: owner.sid }),
        await api.patch(`/api/product/editProduct/${id}`, {
          sid: owner.sid,
          json: {
            name: 'Changed',
            category: 'games',
            price: 1,
            countInStock: 0,
            image: 'https://x.example/y.png',
            description: 'Changed',
          },
        }),
      ];
      for (const res of asOwner) expectRefused(res, [400, 404]);
    }
    expect(await sentinels()).toEqual(before);
  });

  it('stores SQL in every text field verbatim and changes no other row', async () => {
    const before = await sentinels();
    const victimBefore = (await me(api, victim.sid)).body;
    // A name at registration: all at once, then read back from the owner's user list.
    const fresh = SQL.map((payload) => newCustomer({ name: payload }));
    for (const res of await Promise.all(fresh.map((c) => register(api, c)))) expect(res.status).toBe(201);
    const users = (await api.get('/api/getAllUsers', { sid: owner.sid })).body as {
      email: string;
      name: string;
      isAdmin: boolean;
    }[];
    for (const c of fresh) {
      expect(users.find((u) => u.email === c.email)).toMatchObject({ name: c.name, isAdmin: false });
    }

    for (const payload of SQL) {
      // A name in the profile.
      const renamed = await api.patch('/api/user/update', {
        sid: customer.sid,
        json: { userName: `${payload}!` },
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect((await me(api, customer.sid)).body.name).toBe(`${payload}!`);

      // A review comment.
      const review = await api.post('/api/user/review', {
        sid: customer.sid,
        json: { productId: products[0]!._id, rating: 3, comment: payload },
      });
      expect([200, 201]).toContain(review.status);
      const reviews = (await product(api, customer.sid, products[0]!._id)).reviews;
      expect(reviews.find((r) => r.userId === customer.id)?.comment).toBe(payload);

      // A product's name and description.
      const added = await addProduct(api, owner.sid, { name: `P ${payload}`, description: payload });
      expect(await product(api, owner.sid, added._id)).toMatchObject({
        name: `P ${payload}`,
        description: payload,
      });
    }
    expect((await me(api, victim.sid)).body).toEqual(victimBefore);
    expect(await sentinels()).toEqual(before);
  });

  it('stores SQL in every shipping field verbatim on the order', async () => {
    const payload = "'; UPDATE orders SET is_delivered = 1; --";
    const shipping = validShipping({
      name: payload,
      streetAddress: `12 ${payload}`,
      town: `${payload} town`,
      state: `${payload} state`,
      country: `${payload} country`,
    });
    await addToCart(api, customer.sid, products[0]!._id, 1);
    const { orders } = await buyCart(api, customer.sid, shipping);
    const res = await api.get(`/api/user/get-order/${orders[0]!._id}`, { sid: customer.sid });
    expect(res.body).toMatchObject({
      sent_to: { name: payload },
      shippingAddress: {
        streetAddress: shipping.streetAddress,
        town: shipping.town,
        state: shipping.state,
        country: shipping.country,
      },
      isDelivered: false,
    });
  });

  it('refuses an object or array in any text field with 400, and stores nothing', async () => {
    const before = await sentinels();
    for (const value of NOT_STRINGS.filter((v) => v !== null)) {
      const fresh = newCustomer();
      const attempts = [
        await register(api, fresh, { name: value }),
        await register(api, fresh, { email: value }),
        await api.post('/api/user/forgotPass', { json: { email: value } }),
        await api.post('/api/user/resetPassword/abc', { json: { password: value } }),
        await api.patch('/api/user/update', { sid: customer.sid, json: { userName: value } }),
        await api.post('/api/saveCart', { sid: customer.sid, json: { item: { _id: value }, quantity: 1 } }),
        await api.post('/api/user/review', {
          sid: customer.sid,
          json: { productId: products[0]!._id, rating: 3, comment: value },
        }),
        await api.post('/api/user/review', {
          sid: customer.sid,
          json: { productId: value, rating: 3, comment: 'x' },
        }),
        await api.post('/api/payment/orderCreate', {
          sid: customer.sid,
          json: { data: validShipping({ streetAddress: value as string }) },
        }),
        await api.post('/api/addProduct', {
          sid: owner.sid,
          json: {
            name: value,
            category: 'games',
            price: 1,
            countInStock: 1,
            image: 'https://x.example/y.png',
            description: 'x',
          },
        }),
      ];
      for (const res of attempts) expectRefused(res, 400);
      expect((await login(api, fresh.email, fresh.password)).status).toBe(404);
    }
    expect(await sentinels()).toEqual(before);
  });
});
