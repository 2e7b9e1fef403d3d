import { messages, type Product } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, logInOwner, login, me, sidOf, signUp, type Session } from './support/accounts.js';
import { attackDb, mainShop } from './support/context.js';
import { expectRefused } from './support/expect.js';
import { client } from './support/http.js';
import { mailCount, nextResetToken } from './support/mail.js';
import { cartOf, ownProducts } from './support/shop.js';

const HOUR = 3600_000;

describe(`cross-site request forgery (${attackDb()})`, () => {
  const shop = mainShop();
  const api = client(shop.baseUrl);
  let victim: Session;
  let lamp: Product;

  beforeAll(async () => {
    const owner = await logInOwner(api);
    victim = await signUp(api);
    lamp = (await ownProducts(api, owner.sid, 1))[0]!;
  });

  /** State changes a forged page would try, with the victim's cookie riding along. */
  function forgeries() {
    return [
      { method: 'PATCH', path: '/api/user/update', json: { userName: 'Forged Name' } },
      { method: 'POST', path: '/api/saveCart', json: { item: { _id: lamp._id }, quantity: 1 } },
      { method: 'POST', path: '/api/user/logout', json: {} },
      {
        method: 'POST',
        path: '/api/user/review',
        json: { productId: lamp._id, rating: 1, comment: 'Forged' },
      },
    ];
  }

  async function expectVictimUntouched() {
    expect((await me(api, victim.sid)).body.name).toBe(victim.name);
    expect((await cartOf(api, victim.sid)).cartProducts).toEqual([]);
  }

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['the opaque Origin null of a sandboxed frame', { origin: 'null' }],
    ['a look-alike Origin', { origin: `${shop.baseUrl}.evil.example` }],
    ['no Origin but Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses every state change with %s with 403, and changes nothing', async (_case, headers) => {
    for (const forgery of forgeries()) {
      const res = await api.send(forgery.method, forgery.path, {
        sid: victim.sid,
        json: forgery.json,
        headers,
      });
      expectRefused(res, 403, messages.foreignOrigin);
    }
    const signUpForged = await api.post('/api/user/register', {
      headers,
      json: { name: 'X', email: 'forged@attack.test', password: 'secret-1', confiremPassword: 'secret-1' },
    });
    expectRefused(signUpForged, 403, messages.foreignOrigin);
    await expectVictimUntouched();
  });

  it('refuses a login from a foreign Origin without setting a cookie (login CSRF)', async () => {
    const res = await login(api, victim.email, victim.password, undefined);
    expect(res.status).toBe(200);
    const forged = await api.post('/api/user/login', {
      headers: { origin: 'https://evil.example' },
      json: { email: victim.email, password: victim.password },
    });
    expectRefused(forged, 403, messages.foreignOrigin);
    expect(forged.cookies).toEqual([]);
  });

  it('lets the same state change through from the shop’s own origin (the refusals are about the origin)', async () => {
    const res = await api.post('/api/saveCart', {
      sid: victim.sid,
      headers: { origin: shop.baseUrl, 'sec-fetch-site': 'same-origin' },
      json: { item: { _id: lamp._id }, quantity: 1 },
    });
    expect(res.status, res.text).toBe(200);
    const removed = await api.patch('/api/cart/update', { sid: victim.sid, json: { index: 0 } });
    expect(removed.status).toBe(200);
  });

  it('gives a foreign origin no CORS permission to read an answer', async () => {
    const res = await api.get('/api/get-user', {
      sid: victim.sid,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await api.send('OPTIONS', '/api/user/update', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.status).toBeGreaterThanOrEqual(400);
  });
});

describe(`sessions (${attackDb()})`, () => {
  const shop = mainShop();
  const api = client(shop.baseUrl);

  it('does not keep a session id set before login (fixation): a new one is issued and the old one ends', async () => {
    const attacker = await signUp(api);
    const victim = await signUp(api);
    const planted = attacker.sid;
    // The victim's browser carries the attacker's session id when the victim logs in.
    const res = await login(api, victim.email, victim.password, planted);
    const issued = sidOf(res);
    expect(issued).not.toBe(planted);
    expectRefused(await me(api, planted), 401, messages.loginRequired);
    expect((await me(api, issued)).body.email).toBe(victim.email);
  });

  it('does not adopt a made-up session id a browser brings to login', async () => {
    const victim = await signUp(api);
    const made = 'attacker-chosen-session-id-0000000000000000';
    const res = await login(api, victim.email, victim.password, made);
    expect(sidOf(res)).not.toBe(made);
    expectRefused(await me(api, made), 401, messages.loginRequired);
  });

  it('ends the session at logout: the old cookie is refused afterwards', async () => {
    const user = await signUp(api);
    const res = await api.post('/api/user/logout', { sid: user.sid });
    expect(res.status).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expectRefused(await me(api, user.sid), 401, messages.loginRequired);
    expectRefused(await api.get('/api/getCart', { sid: user.sid }), 401, messages.loginRequired);
  });

  it('ends every old cookie at a password change, and only the new one works', async () => {
    const user = await signUp(api);
    const otherDevice = (await logIn(api, user)).sid;
    const res = await api.patch('/api/user/update', {
      sid: user.sid,
      json: { userName: user.name, oldPassword: user.password, newPassword: `${user.password}-new` },
    });
    expect(res.status, res.text).toBe(201);
    const fresh = sidOf(res);
    expect(fresh).not.toBe(user.sid);
    expectRefused(await me(api, user.sid), 401, messages.loginRequired);
    expectRefused(await me(api, otherDevice), 401, messages.loginRequired);
    expect((await me(api, fresh)).status).toBe(200);
  });

  it('ends every old cookie at a password reset', async () => {
    const user = await signUp(api);
    const otherDevice = (await logIn(api, user)).sid;
    const seen = await mailCount(shop, user.email);
    expect((await api.post('/api/user/forgotPass', { json: { email: user.email } })).status).toBe(200);
    const token = await nextResetToken(shop, user.email, seen);
    const reset = await api.post(`/api/user/resetPassword/${token}`, {
      json: { password: 'brand-new-pass' },
    });
    expect(reset.status, reset.text).toBe(200);
    expectRefused(await me(api, user.sid), 401, messages.loginRequired);
    expectRefused(await me(api, otherDevice), 401, messages.loginRequired);
  });

  it('ends the cookie of a deleted account', async () => {
    const owner = await logInOwner(api);
    const user = await signUp(api);
    expect((await me(api, user.sid)).status).toBe(200);
    const res = await api.delete(`/api/user/delete/${user.id}`, { sid: owner.sid });
    expect(res.status, res.text).toBe(200);
    expectRefused(await me(api, user.sid), 401, messages.loginRequired);
    expectRefused(await login(api, user.email, user.password), 404, messages.userNotRegistered);
  });

  it('gives the session cookie a lifetime of SESSION_TTL_HOURS (default 7 days), not forever', async () => {
    const user = await signUp(api);
    const res = await login(api, user.email, user.password);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    const expires = Date.parse(String(cookie.attributes.expires));
    expect(Math.abs(expires - (Date.now() + 168 * HOUR))).toBeLessThan(5 * 60_000);
    // Refusal after that time is proven with a moved clock in
    // server/test/accounts/sessions.test.ts ("session expiry"); a real server's clock cannot be moved.
  });

  it.each([
    ['a made-up id', 'not-a-session-we-issued'],
    ['an empty id', ''],
    ['an id of another shape', '../../etc/passwd'],
    ['an SQL tautology', "' OR '1'='1"],
    ['a very long id', 'a'.repeat(4000)],
  ])('refuses %s as a session cookie with 401', async (_case, sid) => {
    expectRefused(await me(api, sid), 401, messages.loginRequired);
  });
});
