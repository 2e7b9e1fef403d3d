import { messages, ownMessages, serverMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { forgotPassword, resetTokenFor } from '../helpers/mail.js';
import { login, resetPassword } from '../helpers/requests.js';
import { registerUser } from '../helpers/users.js';

const MINUTE = 60_000;

describe(`failed logins per account and address, and per account (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS: '3',
      FAILED_LOGINS_PER_ACCOUNT: '6',
      PASSWORD_CHANGES_PER_ACCOUNT: '3',
    });
  });
  afterAll(() => t.close());

  const wrong = (email: string) => ({ email, password: 'wrong-password' });

  async function failThreeTimes(email: string, remoteAddress = '198.51.100.1', times = 3) {
    for (let i = 1; i <= times; i++) {
      const res = await login(t.app, wrong(email), { remoteAddress });
      expect(res.statusCode).toBe(401);
    }
  }

  it('refuses the 4th attempt from an address that gave 3 wrong passwords with 429, even with the right password', async () => {
    const user = await registerUser(t.app);
    await failThreeTimes(user.email);
    const res = await login(t.app, user, { remoteAddress: '198.51.100.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(messages.tooManyFailedLogins);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it("lets the owner in from another address meanwhile: a stranger's guesses do not lock them out", async () => {
    const user = await registerUser(t.app);
    await failThreeTimes(user.email);
    const res = await login(t.app, user, { remoteAddress: '203.0.113.99' });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toBeDefined();
  });

  it('counts the email in any case as one account', async () => {
    const user = await registerUser(t.app);
    await failThreeTimes(user.email.toUpperCase());
    expect((await login(t.app, user, { remoteAddress: '198.51.100.1' })).statusCode).toBe(429);
  });

  it('counts every address of an IPv6 /64 as one', async () => {
    const user = await registerUser(t.app);
    for (const remoteAddress of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3'])
      expect((await login(t.app, wrong(user.email), { remoteAddress })).statusCode).toBe(401);
    const same = await login(t.app, user, { remoteAddress: '2001:db8:1:2:abcd::9' });
    expect(same.statusCode).toBe(429);
    expect(same.json()).toEqual(messages.tooManyFailedLogins);
    expect((await login(t.app, user, { remoteAddress: '2001:db8:1:3::1' })).statusCode).toBe(200);
  });

  it('leaves other accounts alone', async () => {
    const locked = await registerUser(t.app);
    const other = await registerUser(t.app);
    await failThreeTimes(locked.email);
    expect((await login(t.app, other, { remoteAddress: '198.51.100.1' })).statusCode).toBe(200);
  });

  it('lets the right password in again after 15 minutes', async () => {
    const user = await registerUser(t.app);
    await failThreeTimes(user.email);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await login(t.app, user, { remoteAddress: '198.51.100.1' })).statusCode).toBe(200);
  });

  it('pauses logins from new addresses after 6 wrong passwords from anywhere, never from an address the account logged in from', async () => {
    const user = await registerUser(t.app);
    expect((await login(t.app, user, { remoteAddress: '192.0.2.50' })).statusCode).toBe(200);
    await failThreeTimes(user.email, '198.51.100.1');
    await failThreeTimes(user.email, '198.51.100.2');
    const next = await login(t.app, wrong(user.email), { remoteAddress: '198.51.100.3' });
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual(serverMessages.accountLoginsPaused);
    expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    expect((await login(t.app, user, { remoteAddress: '198.51.100.4' })).statusCode).toBe(429);
    // The owner's own address still gets in, and a wrong password there is still only theirs to spend.
    expect((await login(t.app, user, { remoteAddress: '192.0.2.50' })).statusCode).toBe(200);
    t.clock.advance(60 * MINUTE + 1000);
    expect((await login(t.app, user, { remoteAddress: '198.51.100.4' })).statusCode).toBe(200);
  });

  it("lifts the account's pause when its password is reset", async () => {
    const user = await registerUser(t.app);
    await failThreeTimes(user.email, '198.51.100.1');
    await failThreeTimes(user.email, '198.51.100.2');
    expect((await login(t.app, user, { remoteAddress: '198.51.100.4' })).statusCode).toBe(429);
    const token = await resetTokenFor(t, user.email);
    const reset = await resetPassword(t.app, token, 'brand-new-pass', { remoteAddress: '198.51.100.4' });
    expect(reset.statusCode).toBe(200);
    const res = await login(
      t.app,
      { email: user.email, password: 'brand-new-pass' },
      { remoteAddress: '198.51.100.5' },
    );
    expect(res.statusCode).toBe(200);
  });

  it("keeps counting a stranger's wrong passwords however often the owner logs in from home", async () => {
    const user = await registerUser(t.app);
    expect((await login(t.app, user, { remoteAddress: '192.0.2.70' })).statusCode).toBe(200);
    await failThreeTimes(user.email, '198.51.100.1');
    await failThreeTimes(user.email, '198.51.100.2', 2);
    expect((await login(t.app, user, { remoteAddress: '192.0.2.70' })).statusCode).toBe(200);
    await failThreeTimes(user.email, '198.51.100.3', 1);
    const paused = await login(t.app, user, { remoteAddress: '198.51.100.4' });
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toEqual(serverMessages.accountLoginsPaused);
  });

  it('does not count a right password from a new address, as a customer on changing mobile addresses logs in', async () => {
    const user = await registerUser(t.app);
    await failThreeTimes(user.email, '198.51.100.1');
    await failThreeTimes(user.email, '198.51.100.2', 2);
    // The 6th attempt on the account, and the right password.
    expect((await login(t.app, user, { remoteAddress: '100.64.0.1' })).statusCode).toBe(200);
    for (const remoteAddress of ['100.64.0.2', '100.64.0.3']) {
      const res = await login(t.app, user, { remoteAddress });
      expect(res.statusCode).toBe(200);
      expect(sessionCookie(res)).toBeDefined();
    }
  });

  it('starts counting afresh after a successful login', async () => {
    const user = await registerUser(t.app);
    for (let round = 0; round < 2; round++) {
      expect((await login(t.app, wrong(user.email))).statusCode).toBe(401);
      expect((await login(t.app, wrong(user.email))).statusCode).toBe(401);
      expect((await login(t.app, user)).statusCode).toBe(200);
    }
  });

  const change = (sid: string, oldPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/user/update',
      cookies: { sid },
      payload: { userName: '', oldPassword, newPassword },
    });

  it("does not let a stranger's wrong logins block the owner's password change", async () => {
    const user = await registerUser(t.app);
    const sid = sessionCookie(await login(t.app, user, { remoteAddress: '192.0.2.60' }))!;
    await failThreeTimes(user.email, '198.51.100.1');
    await failThreeTimes(user.email, '198.51.100.2');
    expect((await login(t.app, wrong(user.email), { remoteAddress: '198.51.100.3' })).statusCode).toBe(429);
    const res = await change(sid, user.password, 'brand-new-pass');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(messages.passwordChanged);
  });

  it('refuses the 4th password change of an account within 15 minutes with 429, wrong old passwords counted', async () => {
    const user = await registerUser(t.app);
    let sid = sessionCookie(await login(t.app, user))!;
    expect((await change(sid, 'wrong-password', 'next-pass-1')).statusCode).toBe(401);
    let current = user.password;
    for (const next of ['next-pass-2', 'next-pass-3']) {
      const res = await change(sid, current, next);
      expect(res.statusCode).toBe(201);
      sid = sessionCookie(res)!;
      current = next;
    }
    const refused = await change(sid, current, 'next-pass-4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(serverMessages.tooManyPasswordAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t.app, { email: user.email, password: current })).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await change(sid, current, 'next-pass-4')).statusCode).toBe(201);
  });

  const deleteAccount = (sid: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/delete', cookies: { sid }, payload: { password } });

  it('refuses a 4th password tried to delete the account within 15 minutes with 429, and keeps the account', async () => {
    const user = await registerUser(t.app);
    const sid = sessionCookie(await login(t.app, user))!;
    for (const guess of ['guess-one', 'guess-two', 'guess-three']) {
      const res = await deleteAccount(sid, guess);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(ownMessages.passwordIncorrect);
    }
    const refused = await deleteAccount(sid, user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(serverMessages.tooManyPasswordAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t.app, user)).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE + 1000);
    const deleted = await deleteAccount(sid, user.password);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: ownMessages.accountDeleted });
  });
});

describe(`reset mails per account (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the 6th forgot request for one account from one address within an hour with 429 and sends no mail', async () => {
    const user = await registerUser(t.app);
    for (let i = 1; i <= 5; i++) {
      const { res, mails } = await forgotPassword(t, user.email);
      expect(res.statusCode).toBe(200);
      expect(mails).toHaveLength(1);
    }
    const { res, mails } = await forgotPassword(t, user.email);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('3600');
    expect(res.json()).toEqual(serverMessages.tooManyRequestsFor(60));
    expect(mails).toHaveLength(0);
  });

  it('limits an unknown email the same way, so the limit does not reveal who is registered', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await forgotPassword(t, 'ghost@example.com')).res.statusCode).toBe(200);
    expect((await forgotPassword(t, 'ghost@example.com')).res.statusCode).toBe(429);
  });

  it("lets the owner ask from another address after a stranger's address used up its requests", async () => {
    const user = await registerUser(t.app);
    for (let i = 1; i <= 6; i++) await forgotPassword(t, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPass',
      payload: { email: user.email },
      remoteAddress: '192.0.2.7',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 429 to the 21st request for one account from many addresses, but not from an address it logged in from', async () => {
    const user = await registerUser(t.app);
    expect((await login(t.app, user, { remoteAddress: '192.0.2.8' })).statusCode).toBe(200);
    const ask = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/forgotPass',
        payload: { email: user.email },
        remoteAddress,
      });
    for (let i = 1; i <= 20; i++) expect((await ask(`198.51.100.${Math.ceil(i / 5)}`)).statusCode).toBe(200);
    const next = await ask('198.51.100.9');
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual(serverMessages.tooManyRequestsFor(60));
    expect((await ask('192.0.2.8')).statusCode).toBe(200);
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
