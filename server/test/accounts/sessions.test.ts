import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { sessionRows, sha256, userRow } from '../helpers/db.js';
import { getUser, login, logout } from '../helpers/requests.js';
import { loginAs } from '../helpers/users.js';

const HOUR = 3600_000;
describe(`sessions (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers GET /api/get-user with the logged-in user and nothing more', async () => {
    const { user, sid } = await loginAs(t.app);
    const res = await getUser(t.app, sid);
    expect(res.statusCode).toBe(200);
    const row = await userRow(t.app, user.email);
    expect(res.json()).toEqual({ _id: row!.id, name: user.name, email: user.email, isAdmin: false });
    expect(res.body).not.toContain(row!.password_hash);
  });

  it("answers GET /api/get-user/ with a trailing slash alike, as the spec's client calls it", async () => {
    const { sid } = await loginAs(t.app);
    const plain = await getUser(t.app, sid);
    const slashed = await t.app.inject({ method: 'GET', url: '/api/get-user/', cookies: { sid } });
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
    const without = await t.app.inject({ method: 'GET', url: '/api/get-user/' });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual(messages.loginRequired);
  });

  it('answers many shoppers asking at once each with their own account, and an ended session with 401', async () => {
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => loginAs(t.app)));
    await logout(t.app, shoppers[2]!.sid);
    // All in the same turn: on PostgreSQL their session reads share one trip.
    const answers = await Promise.all(shoppers.map(({ sid }) => getUser(t.app, sid)));
    answers.forEach((res, i) => {
      if (i === 2) return expect(res.statusCode).toBe(401);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: shoppers[i]!.user.name, email: shoppers[i]!.user.email });
    });
  });

  it('answers 401 "Please log in to continue." without a cookie', async () => {
    const res = await getUser(t.app);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(messages.loginRequired);
  });

  it('answers 401 to a made-up session cookie', async () => {
    const res = await getUser(t.app, 'not-a-session-we-ever-issued');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(messages.loginRequired);
  });

  it('ends the session at logout: the old cookie answers 401 afterwards', async () => {
    const { user, sid } = await loginAs(t.app);
    const res = await logout(t.app, sid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.loggedOut });
    expect((await getUser(t.app, sid)).statusCode).toBe(401);
    expect(await sessionRows(t.app, user.email)).toHaveLength(0);
  });

  it('clears the cookie in the browser at logout', async () => {
    const { sid } = await loginAs(t.app);
    const res = await logout(t.app, sid);
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('ends only the session that logs out', async () => {
    const { user, sid: laptop } = await loginAs(t.app);
    const { sid: phone } = await loginAs(t.app, user, { register: false });
    await logout(t.app, laptop);
    expect((await getUser(t.app, phone)).statusCode).toBe(200);
  });

  it('answers logout without a session with 200 as well', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout' });
    expect(res.statusCode).toBe(200);
  });
});

describe(`session expiry (${testDbKind})`, () => {
  it('refuses the cookie once SESSION_TTL_HOURS (default 7 days) have passed', async () => {
    const t = await createTestApp();
    try {
      const { user, sid } = await loginAs(t.app);
      t.clock.advance(7 * 24 * HOUR - 60_000);
      expect((await getUser(t.app, sid)).statusCode).toBe(200);
      t.clock.advance(2 * 60_000);
      const res = await getUser(t.app, sid);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(messages.loginRequired);
      expect(await sessionRows(t.app, user.email)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('follows a shorter SESSION_TTL_HOURS', async () => {
    const t = await createTestApp({ SESSION_TTL_HOURS: '1' });
    try {
      const { sid } = await loginAs(t.app);
      t.clock.advance(HOUR + 1000);
      expect((await getUser(t.app, sid)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('lets the cookie expire in the browser when the session does', async () => {
    const t = await createTestApp({ SESSION_TTL_HOURS: '2' });
    try {
      const { user } = await loginAs(t.app);
      const res = await login(t.app, user);
      const cookie = res.cookies.find((c) => c.name === 'sid');
      const [row] = await sessionRows(t.app, user.email).then((rows) =>
        rows.filter((r) => r.id_hash === sha256(cookie!.value)),
      );
      const created = Date.parse(row!.created_at);
      expect(Date.parse(row!.expires_at) - created).toBe(2 * HOUR);
      // Cookie dates have whole seconds.
      expect(cookie?.expires?.getTime()).toBe(Math.floor(Date.parse(row!.expires_at) / 1000) * 1000);
    } finally {
      await t.close();
    }
  });
});
