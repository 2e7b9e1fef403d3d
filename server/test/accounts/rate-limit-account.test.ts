import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { forgotPassword } from '../helpers/mail.js';
import { login } from '../helpers/requests.js';
import { registerUser } from '../helpers/users.js';

const MINUTE = 60_000;

describe(`failed logins per account (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FAILED_LOGINS_PER_ACCOUNT: '3' });
  });
  afterAll(() => t.close());

  async function failThreeTimes(email: string) {
    for (let i = 1; i <= 3; i++) {
      const res = await login(
        t.app,
        { email, password: 'wrong-password' },
        { remoteAddress: `198.51.100.${i}` },
      );
      expect(res.statusCode).toBe(401);
    }
  }

  it('refuses the next attempt after 3 wrong passwords with 429, even with the right password', async () => {
    const user = await registerUser(t.app);
    await failThreeTimes(user.email);
    const res = await login(t.app, user, { remoteAddress: '198.51.100.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(messages.tooManyFailedLogins);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses the account from another address too', async () => {
    const user = await registerUser(t.app);
    await failThreeTimes(user.email);
    const res = await login(t.app, user, { remoteAddress: '203.0.113.99' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(messages.tooManyFailedLogins);
  });

  it('counts the email in any case as one account', async () => {
    const user = await registerUser(t.app);
    await failThreeTimes(user.email.toUpperCase());
    expect((await login(t.app, user)).statusCode).toBe(429);
  });

  it('leaves other accounts alone', async () => {
    const locked = await registerUser(t.app);
    const other = await registerUser(t.app);
    await failThreeTimes(locked.email);
    expect((await login(t.app, other)).statusCode).toBe(200);
  });

  it('lets the right password in again after 15 minutes', async () => {
    const user = await registerUser(t.app);
    await failThreeTimes(user.email);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await login(t.app, user)).statusCode).toBe(200);
  });

  it('counts wrong old passwords on the profile form as failed logins', async () => {
    const user = await registerUser(t.app);
    const sid = sessionCookie(await login(t.app, user));
    const change = { userName: user.name, oldPassword: 'wrong-password', newPassword: 'brand-new-pass' };
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/update',
        cookies: { sid: sid! },
        payload: change,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update',
      cookies: { sid: sid! },
      payload: { ...change, oldPassword: user.password },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(messages.tooManyFailedLogins);
  });

  it('starts counting afresh after a successful login', async () => {
    const user = await registerUser(t.app);
    const wrong = { email: user.email, password: 'wrong-password' };
    for (let round = 0; round < 2; round++) {
      expect((await login(t.app, wrong)).statusCode).toBe(401);
      expect((await login(t.app, wrong)).statusCode).toBe(401);
      expect((await login(t.app, user)).statusCode).toBe(200);
    }
  });
});

describe(`reset mails per account (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the 6th forgot request for one account within an hour with 429 and sends no mail', async () => {
    const user = await registerUser(t.app);
    for (let i = 1; i <= 5; i++) {
      const { res, mails } = await forgotPassword(t, user.email);
      expect(res.statusCode).toBe(200);
      expect(mails).toHaveLength(1);
    }
    const { res, mails } = await forgotPassword(t, user.email);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(messages.tooManyRequests);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(mails).toHaveLength(0);
  });

  it('limits an unknown email the same way, so the limit does not reveal who is registered', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await forgotPassword(t, 'ghost@example.com')).res.statusCode).toBe(200);
    expect((await forgotPassword(t, 'ghost@example.com')).res.statusCode).toBe(429);
  });

  it('counts requests from every address against the account', async () => {
    const user = await registerUser(t.app);
    for (let i = 1; i <= 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/forgotPass',
        payload: { email: user.email },
        remoteAddress: `198.51.100.${i}`,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await forgotPassword(t, user.email)).res.statusCode).toBe(429);
  });

  it('allows a new reset mail after the hour', async () => {
    const user = await registerUser(t.app);
    for (let i = 1; i <= 6; i++) await forgotPassword(t, user.email);
    t.clock.advance(61 * MINUTE);
    const { res, mails } = await forgotPassword(t, user.email);
    expect(res.statusCode).toBe(200);
    expect(mails).toHaveLength(1);
  });
});
