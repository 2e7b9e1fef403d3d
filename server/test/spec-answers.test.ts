import { messages } from '@shop/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin, validProduct } from './helpers/admin.js';
import { createTestApp, issuesOf, type TestApp } from './helpers/app.js';
import { testDbKind } from './helpers/databases.js';
import { resetTokenFor } from './helpers/mail.js';
import { createProduct } from './helpers/products.js';
import { loginAs, newCustomer } from './helpers/users.js';

/**
 * Section 7 of the spec, read as its client reads it: axios's `response.data`
 * is the whole body. "data is a message" means the body is that JSON string.
 */
const data = (res: LightMyRequestResponse): unknown => JSON.parse(res.body);

describe(`the answers as the spec's client reads them (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('GET /api/get-user', () => {
    it.each(['/api/get-user', '/api/get-user/'])('%s: the body is the user itself', async (url) => {
      const me = await loginAs(t.app, newCustomer({ name: 'Meera Iyer' }));
      const res = await call(t.app, 'GET', url, me.sid);
      expect(res.statusCode).toBe(200);
      expect(data(res)).toMatchObject({ name: 'Meera Iyer', email: me.user.email, isAdmin: false });
    });

    it('without a session: 401 and the body is the message', async () => {
      const res = await call(t.app, 'GET', '/api/get-user/');
      expect(res.statusCode).toBe(401);
      expect(data(res)).toBe(messages.loginRequired);
    });
  });

  describe('PATCH /api/user/update', () => {
    const update = (sid: string, payload: object) => call(t.app, 'PATCH', '/api/user/update', sid, payload);

    it('200: the body is the new name', async () => {
      const me = await loginAs(t.app);
      const res = await update(me.sid, { userName: 'Asha Rao' });
      expect(res.statusCode).toBe(200);
      expect(data(res)).toBe('Asha Rao');
    });

    it('202: the body is the new name', async () => {
      const me = await loginAs(t.app);
      const res = await update(me.sid, {
        userName: 'Asha Menon',
        oldPassword: me.user.password,
        newPassword: 'another-secret',
      });
      expect(res.statusCode).toBe(202);
      expect(data(res)).toBe('Asha Menon');
    });

    it('201 for a password-only change sent with an empty name (the spec client): the body is the message', async () => {
      const me = await loginAs(t.app, newCustomer({ name: 'Kept Name' }));
      const res = await update(me.sid, {
        userName: '',
        oldPassword: me.user.password,
        newPassword: 'another-secret',
      });
      expect(res.statusCode).toBe(201);
      expect(data(res)).toBe(messages.passwordChanged);
      const after = await call(
        t.app,
        'GET',
        '/api/get-user',
        res.cookies.find((c) => c.name === 'sid')?.value,
      );
      expect(data(after)).toMatchObject({ name: 'Kept Name' });
    });

    it('204 for the same name: no body at all', async () => {
      const me = await loginAs(t.app, newCustomer({ name: 'Same Name' }));
      const res = await update(me.sid, { userName: 'Same Name' });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    });

    it('401 for a wrong old password: the body is the message', async () => {
      const me = await loginAs(t.app);
      const res = await update(me.sid, {
        userName: '',
        oldPassword: 'not-mine-1',
        newPassword: 'another-secret',
      });
      expect(res.statusCode).toBe(401);
      expect(data(res)).toBe(messages.oldPasswordIncorrect);
    });
  });

  describe('the password reset and the review', () => {
    it('POST /api/user/forgotPass and /api/user/resetPassword/{token}: each body is the message', async () => {
      const me = await loginAs(t.app);
      const forgot = await call(t.app, 'POST', '/api/user/forgotPass', undefined, { email: me.user.email });
      expect(data(forgot)).toBe(messages.resetMailSent);

      const token = await resetTokenFor(t, me.user.email);
      const reset = await call(t.app, 'POST', `/api/user/resetPassword/${token}`, undefined, {
        password: 'brand-new-secret',
      });
      expect(reset.statusCode).toBe(200);
      expect(data(reset)).toBe(messages.resetDone);

      const again = await call(t.app, 'POST', `/api/user/resetPassword/${token}`, undefined, {
        password: 'brand-new-secret',
      });
      expect(again.statusCode).toBe(400);
      expect(data(again)).toBe(messages.resetTokenInvalid);
    });

    it('POST /api/user/review: the body is the message, first added, then updated', async () => {
      const product = await createProduct(t.app.ctx.db);
      const me = await loginAs(t.app);
      const review = { productId: product.id, rating: 4.5, comment: 'Warm light' };
      const added = await call(t.app, 'POST', '/api/user/review', me.sid, review);
      expect(added.statusCode).toBe(201);
      expect(data(added)).toBe(messages.reviewAdded);
      const updated = await call(t.app, 'POST', '/api/user/review', me.sid, { ...review, rating: 3 });
      expect(updated.statusCode).toBe(200);
      expect(data(updated)).toBe(messages.reviewUpdated);
    });
  });

  describe('errors', () => {
    it('login 404 and 401: the body is the message the spec shows', async () => {
      const unknown = await call(t.app, 'POST', '/api/user/login', undefined, {
        email: 'nobody-here@example.com',
        password: 'whatever-1',
      });
      expect(unknown.statusCode).toBe(404);
      expect(data(unknown)).toBe('User is not registered');

      const me = await loginAs(t.app);
      const wrong = await call(t.app, 'POST', '/api/user/login', undefined, {
        email: me.user.email,
        password: 'not-the-password',
      });
      expect(wrong.statusCode).toBe(401);
      expect(data(wrong)).toBe('Email or Password is incorrect');
    });

    it('a refused form: the body is the message, the field issues are in X-Error-Issues', async () => {
      const res = await call(t.app, 'POST', '/api/user/register', undefined, {
        name: 'Asha',
        email: 'asha-short@example.com',
        password: 'abc',
        confiremPassword: 'abc',
      });
      expect(res.statusCode).toBe(400);
      expect(data(res)).toBe(messages.passwordTooShort);
      expect(issuesOf(res)).toEqual([{ path: 'password', message: messages.passwordTooShort }]);
    });

    it('a trailing slash reaches the same route on every API path', async () => {
      const me = await loginAs(t.app);
      const cart = await call(t.app, 'GET', '/api/getCart/', me.sid);
      expect(cart.statusCode).toBe(200);
      expect(data(cart)).toEqual({ cartProducts: [], total: 0 });
    });
  });

  it('the OpenAPI document at /api/docs shows the same shapes', async () => {
    const res = await call(t.app, 'GET', '/api/docs');
    type Schema = { type?: string; properties?: Record<string, unknown> };
    const doc = data(res) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
      >;
    };
    const answer = (path: string, method: string, status: string) =>
      doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
    expect(answer('/api/get-user', 'get', '200')?.properties).toHaveProperty('email');
    expect(answer('/api/get-user', 'get', '401')?.type).toBe('string');
    expect(answer('/api/cart/update', 'patch', '200')?.type).toBe('array');
    expect(answer('/api/saveCart', 'post', '200')?.properties).toHaveProperty('cartProducts');
    expect(answer('/api/user/forgotPass', 'post', '200')?.type).toBe('string');
    expect(answer('/api/user/update', 'patch', '200')?.type).toBe('string');
    expect(answer('/api/payment/orderCreate', 'post', '200')?.properties).toHaveProperty('id');
  });

  describe('price and countInStock from HTML number inputs', () => {
    it.each([
      ['1499', '7', 1499, 7],
      ['12.50', '0', 12.5, 0],
    ])('takes price %j and stock %j as exactly their numbers', async (price, stock, asPrice, asStock) => {
      const admin = await loginAsAdmin(t.app);
      const added = await call(
        t.app,
        'POST',
        '/api/addProduct',
        admin.sid,
        validProduct({ price, countInStock: stock }),
      );
      expect(added.statusCode).toBe(201);
      const { product } = data(added) as { product: { _id: string; price: number; countInStock: number } };
      expect([product.price, product.countInStock]).toEqual([asPrice, asStock]);

      const edited = await call(
        t.app,
        'PATCH',
        `/api/product/editProduct/${product._id}`,
        admin.sid,
        validProduct({ price: '99', countInStock: '3' }),
      );
      expect(edited.statusCode).toBe(201);
      expect(data(edited)).toMatchObject({ product: { price: 99, countInStock: 3 } });
    });

    it.each([
      ['1e3', messages.invalidPrice],
      ['12abc', messages.invalidPrice],
      [' 12', messages.invalidPrice],
      ['0x10', messages.invalidPrice],
      ['12.', messages.invalidPrice],
      ['', messages.fieldsCantBeEmpty],
    ])('refuses the price %j with 400 and the message', async (price, message) => {
      const admin = await loginAsAdmin(t.app);
      const res = await call(t.app, 'POST', '/api/addProduct', admin.sid, validProduct({ price }));
      expect(res.statusCode).toBe(400);
      expect(data(res)).toBe(message);
    });

    it.each([
      ['2.5', messages.invalidStock],
      ['-1', messages.invalidStock],
      ['ten', messages.invalidStock],
    ])('refuses the stock %j with 400 and the message', async (countInStock, message) => {
      const admin = await loginAsAdmin(t.app);
      const res = await call(t.app, 'POST', '/api/addProduct', admin.sid, validProduct({ countInStock }));
      expect(res.statusCode).toBe(400);
      expect(data(res)).toBe(message);
    });
  });
});
