import { randomBytes } from 'node:crypto';
import { messages, serverMessages } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, type Customer } from './support/accounts.js';
import { attackDb, limitsShop } from './support/context.js';
import { expectAlive, expectRefused } from './support/expect.js';
import { rawRequest, type Reply } from './support/http.js';
import { mailCount, nextResetToken } from './support/mail.js';

/**
 * Runs against the server with the shipped limits: 20 auth requests per
 * client address a minute; 10 login attempts per account from one address in
 * 15 minutes, 100 per account from addresses it has not logged in from in an
 * hour; 5 reset mails per account from one address an hour, 20 from all. Each
 * attack comes from its own loopback address (127.0.0.x, 127.0.1.x), since
 * the limits are counted per address.
 */
const AUTH_PER_MINUTE = 20;
const LOGINS_PER_ACCOUNT_AND_ADDRESS = 10;
const LOGINS_PER_ACCOUNT = 100;
const RESETS_PER_ACCOUNT_AND_ADDRESS = 5;
const RESETS_PER_ACCOUNT = 20;

const randomIp = () => Array.from(randomBytes(4)).join('.');

/** Headers a client writes to pass for someone else; none counts while TRUST_PROXY is off. */
const spoofed = () => ({
  'x-forwarded-for': `${randomIp()}, ${randomIp()}`,
  'x-real-ip': randomIp(),
  forwarded: `for=${randomIp()}`,
  'true-client-ip': randomIp(),
  'cf-connecting-ip': randomIp(),
});

describe(`brute force (${attackDb()})`, () => {
  const shop = limitsShop();
  const post = (from: string, path: string, json: object, headers: Record<string, string> = {}) =>
    rawRequest(shop.baseUrl, { method: 'POST', path, json, from, headers });
  let loginTarget: Customer;
  let resetTarget: Customer;

  beforeAll(async () => {
    [loginTarget, resetTarget] = [newCustomer(), newCustomer()];
    for (const c of [loginTarget, resetTarget]) {
      const res = await post('127.0.0.10', '/api/user/register', { ...c, confiremPassword: c.password });
      expect(res.status, res.text).toBe(201);
    }
  });

  function expectLimited(res: Reply, message: string) {
    expectRefused(res, 429, message);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  /** An hourly limit's message: how many minutes are left of the hour (Retry-After), up to 60. */
  function waitOf(res: Reply) {
    const minutes = Math.ceil(Number(res.headers.get('retry-after')) / 60);
    expect(minutes).toBeGreaterThan(50);
    expect(minutes).toBeLessThanOrEqual(60);
    return serverMessages.tooManyRequestsFor(minutes);
  }

  it(`answers 429 to login attempt ${LOGINS_PER_ACCOUNT_AND_ADDRESS + 1} on one account from one address, even with the right password, and lets the owner in from another`, async () => {
    for (let i = 0; i < LOGINS_PER_ACCOUNT_AND_ADDRESS; i++) {
      const res = await post('127.0.0.11', '/api/user/login', {
        email: loginTarget.email,
        password: `guess-${i}`,
      });
      expectRefused(res, 401, messages.wrongCredentials);
    }
    const next = await post('127.0.0.11', '/api/user/login', {
      email: loginTarget.email,
      password: loginTarget.password,
    });
    expectLimited(next, messages.tooManyFailedLogins);
    expect(next.cookies).toEqual([]);
    // The stranger's guesses are theirs: the owner, elsewhere, is not locked out.
    const owner = await post('127.0.0.12', '/api/user/login', {
      email: loginTarget.email.toUpperCase(),
      password: loginTarget.password,
    });
    expect(owner.status, owner.text).toBe(200);
    expect(owner.cookies.map((c) => c.name)).toContain('sid');
  });

  it(`pauses an account's logins from new addresses after ${LOGINS_PER_ACCOUNT} guesses spread over addresses, never from the owner's, and a reset lifts it`, async () => {
    const victim = newCustomer();
    const reg = await post('127.0.1.1', '/api/user/register', {
      ...victim,
      confiremPassword: victim.password,
    });
    expect(reg.status, reg.text).toBe(201);
    // The owner logs in from home once: home is known from now on, and a right password is not a guess.
    expect((await post('127.0.1.1', '/api/user/login', victim)).status).toBe(200);
    // Ten addresses guess at once, each within its own budget, until the account's is spent.
    const lanes = Math.ceil(LOGINS_PER_ACCOUNT / LOGINS_PER_ACCOUNT_AND_ADDRESS);
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        const from = `127.0.1.${10 + lane}`;
        const count = Math.min(
          LOGINS_PER_ACCOUNT_AND_ADDRESS,
          LOGINS_PER_ACCOUNT - lane * LOGINS_PER_ACCOUNT_AND_ADDRESS,
        );
        for (let i = 0; i < count; i++) {
          const res = await post(from, '/api/user/login', {
            email: victim.email,
            password: `guess-${lane}-${i}`,
          });
          expectRefused(res, 401, messages.wrongCredentials);
        }
      }),
    );
    const paused = await post('127.0.1.30', '/api/user/login', { email: victim.email, password: 'guess-x' });
    expectLimited(paused, serverMessages.accountLoginsPaused);
    const newPlace = await post('127.0.1.31', '/api/user/login', victim);
    expectLimited(newPlace, serverMessages.accountLoginsPaused);
    // The owner gets in from home; the guesses stay counted, so new places stay paused.
    expect((await post('127.0.1.1', '/api/user/login', victim)).status).toBe(200);
    expectLimited(await post('127.0.1.31', '/api/user/login', victim), serverMessages.accountLoginsPaused);
    // A reset from the new place proves the mailbox, and lifts the pause everywhere.
    const seen = await mailCount(shop, victim.email);
    expect((await post('127.0.1.31', '/api/user/forgotPass', { email: victim.email })).status).toBe(200);
    const token = await nextResetToken(shop, victim.email, seen);
    const reset = await post('127.0.1.31', `/api/user/resetPassword/${token}`, { password: 'after-reset-1' });
    expect(reset.status, reset.text).toBe(200);
    const after = await post('127.0.1.32', '/api/user/login', {
      email: victim.email,
      password: 'after-reset-1',
    });
    expect(after.status, after.text).toBe(200);
  }, 120_000);

  it("never blocks the owner's password change with a stranger's wrong logins", async () => {
    const owner = newCustomer();
    expect(
      (await post('127.0.0.40', '/api/user/register', { ...owner, confiremPassword: owner.password })).status,
    ).toBe(201);
    const sid = (await post('127.0.0.40', '/api/user/login', owner)).cookies.find(
      (c) => c.name === 'sid',
    )!.value;
    for (let i = 0; i <= LOGINS_PER_ACCOUNT_AND_ADDRESS; i++)
      await post('127.0.0.41', '/api/user/login', { email: owner.email, password: `guess-${i}` });
    const change = await rawRequest(shop.baseUrl, {
      method: 'PATCH',
      path: '/api/user/update',
      json: { userName: '', oldPassword: owner.password, newPassword: 'changed-pass-1' },
      from: '127.0.0.40',
      sid,
    });
    expect(change.status, change.text).toBe(201);
  });

  it('answers 429 to password change 11 of one account in 15 minutes, each an argon2 hash', async () => {
    const owner = newCustomer();
    expect(
      (await post('127.0.0.42', '/api/user/register', { ...owner, confiremPassword: owner.password })).status,
    ).toBe(201);
    let sid = (await post('127.0.0.42', '/api/user/login', owner)).cookies.find(
      (c) => c.name === 'sid',
    )!.value;
    let current = owner.password;
    const change = (next: string) =>
      rawRequest(shop.baseUrl, {
        method: 'PATCH',
        path: '/api/user/update',
        json: { userName: '', oldPassword: current, newPassword: next },
        from: '127.0.0.42',
        sid,
      });
    for (let i = 0; i < 10; i++) {
      const res = await change(`changed-pass-${i}`);
      expect(res.status, res.text).toBe(201);
      sid = res.cookies.find((c) => c.name === 'sid')!.value;
      current = `changed-pass-${i}`;
    }
    expectLimited(await change('changed-pass-x'), serverMessages.tooManyPasswordAttempts);
  });

  it(`answers 429 to auth request ${AUTH_PER_MINUTE + 1} from one address in a minute, rotating X-Forwarded-For or not`, async () => {
    for (let i = 0; i < AUTH_PER_MINUTE; i++) {
      const res = await post(
        '127.0.0.13',
        '/api/user/login',
        { email: newCustomer().email, password: 'x' },
        spoofed(),
      );
      expectRefused(res, 404, messages.userNotRegistered);
    }
    const next = await post(
      '127.0.0.13',
      '/api/user/login',
      { email: newCustomer().email, password: 'x' },
      spoofed(),
    );
    expectLimited(next, messages.tooManyRequests);
    // Another address is not affected: the limit is the address's, not everyone's.
    const other = await post('127.0.0.14', '/api/user/login', { email: newCustomer().email, password: 'x' });
    expectRefused(other, 404, messages.userNotRegistered);
  });

  it(`answers 429 to reset request ${RESETS_PER_ACCOUNT_AND_ADDRESS + 1} for one account from one address within an hour, and not to the owner's`, async () => {
    for (let i = 0; i < RESETS_PER_ACCOUNT_AND_ADDRESS; i++) {
      const res = await post('127.0.0.20', '/api/user/forgotPass', { email: resetTarget.email }, spoofed());
      expect(res.status, res.text).toBe(200);
    }
    const next = await post('127.0.0.20', '/api/user/forgotPass', { email: resetTarget.email }, spoofed());
    expectLimited(next, waitOf(next));
    const seen = await mailCount(shop, resetTarget.email);
    const owner = await post('127.0.0.21', '/api/user/forgotPass', { email: resetTarget.email });
    expect(owner.status, owner.text).toBe(200);
    await nextResetToken(shop, resetTarget.email, seen);
  });

  it(`answers 429 to reset request ${RESETS_PER_ACCOUNT + 1} for one account within an hour from many addresses`, async () => {
    const target = newCustomer();
    for (let i = 0; i < RESETS_PER_ACCOUNT; i++) {
      const from = `127.0.1.${40 + Math.floor(i / RESETS_PER_ACCOUNT_AND_ADDRESS)}`;
      const res = await post(from, '/api/user/forgotPass', { email: target.email });
      expect(res.status, res.text).toBe(200);
    }
    const next = await post('127.0.1.50', '/api/user/forgotPass', { email: target.email });
    expectLimited(next, waitOf(next));
  });

  it(`answers 429 to reset request ${AUTH_PER_MINUTE + 1} from one address in a minute, rotating X-Forwarded-For`, async () => {
    for (let i = 0; i < AUTH_PER_MINUTE; i++) {
      const res = await post('127.0.0.15', '/api/user/forgotPass', { email: newCustomer().email }, spoofed());
      expect(res.status, res.text).toBe(200);
    }
    const next = await post('127.0.0.15', '/api/user/forgotPass', { email: newCustomer().email }, spoofed());
    expectLimited(next, messages.tooManyRequests);
  });

  it(`answers 429 to reset token guess ${AUTH_PER_MINUTE + 1} from one address in a minute`, async () => {
    for (let i = 0; i < AUTH_PER_MINUTE; i++) {
      const token = randomBytes(32).toString('base64url');
      const res = await post(
        '127.0.0.16',
        `/api/user/resetPassword/${token}`,
        { password: 'guess-pass' },
        spoofed(),
      );
      expectRefused(res, 400, messages.resetTokenInvalid);
    }
    const token = randomBytes(32).toString('base64url');
    const next = await post(
      '127.0.0.16',
      `/api/user/resetPassword/${token}`,
      { password: 'guess-pass' },
      spoofed(),
    );
    expectLimited(next, messages.tooManyRequests);
  });

  it('answers 429 to a burst of parallel logins past the limit, and stays up', async () => {
    const burst = await Promise.all(
      Array.from({ length: AUTH_PER_MINUTE + 10 }, () =>
        post('127.0.0.17', '/api/user/login', { email: newCustomer().email, password: 'x' }),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(AUTH_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    await expectAlive(shop);
  });
});
