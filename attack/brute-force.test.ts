import { randomBytes } from 'node:crypto';
import { messages } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, type Customer } from './support/accounts.js';
import { attackDb, limitsShop } from './support/context.js';
import { expectAlive, expectRefused } from './support/expect.js';
import { rawRequest, type Reply } from './support/http.js';

/**
 * Runs against the server with the shipped limits: 20 auth requests per
 * client address a minute, 10 login attempts per account in 15 minutes, 5
 * reset mails per account an hour. Each attack comes from its own loopback
 * address (127.0.0.x), since the limits are counted per address.
 */
const AUTH_PER_MINUTE = 20;
const LOGINS_PER_ACCOUNT = 10;
const RESETS_PER_ACCOUNT = 5;

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

  it(`answers 429 to login attempt ${LOGINS_PER_ACCOUNT + 1} on one account, from any address, even with the right password`, async () => {
    for (let i = 0; i < LOGINS_PER_ACCOUNT; i++) {
      const res = await post('127.0.0.11', '/api/user/login', {
        email: loginTarget.email,
        password: `guess-${i}`,
      });
      expectRefused(res, 401, messages.wrongCredentials);
    }
    const next = await post('127.0.0.11', '/api/user/login', {
      email: loginTarget.email,
      password: 'guess-x',
    });
    expectLimited(next, messages.tooManyFailedLogins);
    const elsewhere = await post('127.0.0.12', '/api/user/login', {
      email: loginTarget.email.toUpperCase(),
      password: loginTarget.password,
    });
    expectLimited(elsewhere, messages.tooManyFailedLogins);
    expect(elsewhere.cookies).toEqual([]);
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

  it(`answers 429 to reset request ${RESETS_PER_ACCOUNT + 1} for one account within an hour, from any address`, async () => {
    for (let i = 0; i < RESETS_PER_ACCOUNT; i++) {
      const res = await post(`127.0.0.${20 + i}`, '/api/user/forgotPass', { email: resetTarget.email });
      expect(res.status, res.text).toBe(200);
    }
    const next = await post('127.0.0.26', '/api/user/forgotPass', { email: resetTarget.email }, spoofed());
    expectLimited(next, messages.tooManyRequests);
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
