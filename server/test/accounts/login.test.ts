import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { sessionRows, sha256 } from '../helpers/db.js';
import { getUser, login } from '../helpers/requests.js';
import { loginAs, registerUser } from '../helpers/users.js';

describe(`login (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 "User is not registered" for an unknown email', async () => {
    const res = await login(t.app, { email: 'nobody@example.com', password: 'secret-pass-1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.userNotRegistered);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('answers 401 "Email or Password is incorrect" for a wrong password', async () => {
    const customer = await registerUser(t.app);
    const res = await login(t.app, { email: customer.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(messages.wrongCredentials);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await sessionRows(t.app, customer.email)).toHaveLength(0);
  });

  it('answers 200 with the name, the admin flag and "Login Successfully"', async () => {
    const customer = await registerUser(t.app);
    const res = await login(t.app, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: customer.name, isAdmin: false, message: messages.loginSuccess });
  });

  it('answers isAdmin true for an admin, read from the users table', async () => {
    const admin = await registerUser(t.app);
    await t.app.ctx.db.updateTable('users').set({ is_admin: 1 }).where('email', '=', admin.email).execute();
    const res = await login(t.app, admin);
    expect(res.json()).toEqual({ name: admin.name, isAdmin: true, message: messages.loginSuccess });
  });

  it.each([
    ['no fields', {}],
    ['no password', { email: 'asha@example.com' }],
    ['no email', { password: 'secret-pass-1' }],
    ['empty fields', { email: '', password: '' }],
    ['an email of only spaces', { email: '  ', password: 'secret-pass-1' }],
  ])('rejects %s with 400 "Fields cant be empty"', async (_case, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.fieldsCantBeEmpty);
  });

  it('sets the session cookie sid as HttpOnly, SameSite=Lax, Path=/ and not Secure on http', async () => {
    const res = await login(t.app, await registerUser(t.app));
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^sid=[\w-]+;/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).not.toMatch(/; Secure/);
  });

  it('makes the session id at least 128 random bits, new at every login', async () => {
    const customer = await registerUser(t.app);
    const first = sessionCookie(await login(t.app, customer))!;
    const second = sessionCookie(await login(t.app, customer))!;
    expect(Buffer.from(first, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(first).not.toBe(second);
  });

  it('stores only a hash of the session id, never the cookie value', async () => {
    const { user, sid } = await loginAs(t.app);
    const rows = await sessionRows(t.app, user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).toBe(sha256(sid));
    expect(JSON.stringify(rows)).not.toContain(sid);
  });

  it('ends the session a browser brings to login and sets a new one', async () => {
    const { user, sid: before } = await loginAs(t.app);
    const res = await login(t.app, user, { sid: before });
    const after = sessionCookie(res);
    expect(res.statusCode).toBe(200);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await getUser(t.app, before)).statusCode).toBe(401);
    expect((await getUser(t.app, after)).statusCode).toBe(200);
    expect(await sessionRows(t.app, user.email)).toHaveLength(1);
  });

  it('keeps a session of another browser when the user logs in again', async () => {
    const { user, sid: phone } = await loginAs(t.app);
    await login(t.app, user);
    expect((await getUser(t.app, phone)).statusCode).toBe(200);
  });
});

describe(`login on an https PUBLIC_URL (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example', ALLOW_TEST_PAYMENTS: '1' });
  });
  afterAll(() => t.close());

  it('marks the session cookie Secure', async () => {
    const res = await login(t.app, await registerUser(t.app));
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
  });
});
