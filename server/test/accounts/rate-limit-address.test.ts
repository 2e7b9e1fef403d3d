import { randomUUID } from 'node:crypto';
import { messages } from '@shop/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { login, register, resetPassword } from '../helpers/requests.js';
import { newCustomer } from '../helpers/users.js';

// A fresh unknown account per test, so the per-account limit of failed logins never interferes.
let unknown = { email: '', password: 'secret-pass-1' };
beforeEach(() => {
  unknown = { ...unknown, email: `nobody-${randomUUID()}@example.com` };
});

function expectTooMany(res: LightMyRequestResponse, message: string = messages.tooManyRequests) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(message);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  return retryAfter;
}

describe(`auth requests per address (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('answers the 4th auth request in a minute from one address with 429 and Retry-After', async () => {
    const from = { remoteAddress: '198.51.100.1' };
    for (let i = 0; i < 3; i++) expect((await login(t.app, unknown, from)).statusCode).toBe(404);
    const retryAfter = expectTooMany(await login(t.app, unknown, from));
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts login, register, forgot and reset against one budget', async () => {
    const from = { remoteAddress: '198.51.100.2' };
    expect((await register(t.app, newCustomer(), from)).statusCode).toBe(201);
    expect((await login(t.app, unknown, from)).statusCode).toBe(404);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPass',
      payload: { email: unknown.email },
      remoteAddress: from.remoteAddress,
    });
    expect(forgot.statusCode).toBe(200);
    expectTooMany(await resetPassword(t.app, 'some-token', 'reset-pass-2', from));
  });

  it('refuses before doing the work: a limited registration creates no user', async () => {
    const from = { remoteAddress: '198.51.100.3' };
    for (let i = 0; i < 3; i++) await login(t.app, unknown, from);
    const customer = newCustomer();
    expectTooMany(await register(t.app, customer, from));
    const rows = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', customer.email)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('does not limit another address', async () => {
    for (let i = 0; i < 4; i++) await login(t.app, unknown, { remoteAddress: '198.51.100.4' });
    expect((await login(t.app, unknown, { remoteAddress: '198.51.100.5' })).statusCode).toBe(404);
  });

  it('allows the address again after the minute', async () => {
    const from = { remoteAddress: '198.51.100.6' };
    for (let i = 0; i < 4; i++) await login(t.app, unknown, from);
    t.clock.advance(61_000);
    expect((await login(t.app, unknown, from)).statusCode).toBe(404);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is unset: rotating it does not help', async () => {
    const from = (i: number) => ({
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
    });
    for (let i = 1; i <= 3; i++) expect((await login(t.app, unknown, from(i))).statusCode).toBe(404);
    expectTooMany(await login(t.app, unknown, from(4)));
  });
});

describe(`auth requests per address behind a proxy (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  // The proxy connects from 10.0.0.2 and adds the address it saw to X-Forwarded-For.
  const viaProxy = (forwardedFor: string) => ({
    remoteAddress: '10.0.0.2',
    headers: { 'x-forwarded-for': forwardedFor },
  });

  it('counts each client address the proxy reports on its own', async () => {
    for (let i = 1; i <= 6; i++) {
      expect((await login(t.app, unknown, viaProxy(`203.0.113.${i}`))).statusCode).toBe(404);
    }
  });

  it('limits one client address reported by the proxy', async () => {
    for (let i = 0; i < 3; i++) await login(t.app, unknown, viaProxy('203.0.113.50'));
    expectTooMany(await login(t.app, unknown, viaProxy('203.0.113.50')));
  });

  it('trusts only the address the proxy added, not one the client sent ahead of it', async () => {
    const spoofed = (i: number) => viaProxy(`192.0.2.${i}, 203.0.113.60`);
    for (let i = 1; i <= 3; i++) expect((await login(t.app, unknown, spoofed(i))).statusCode).toBe(404);
    expectTooMany(await login(t.app, unknown, spoofed(4)));
  });
});

describe(`auth requests per address behind a proxy named in TRUST_PROXY (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '10.0.0.2, fd00::/64' });
  });
  afterAll(() => t.close());

  const from = (remoteAddress: string, forwardedFor: string) => ({
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

  it('believes X-Forwarded-For from the proxy: each client address it reports counts on its own', async () => {
    for (let i = 1; i <= 6; i++) {
      expect((await login(t.app, unknown, from('10.0.0.2', `203.0.113.${i}`))).statusCode).toBe(404);
    }
    for (let i = 1; i <= 4; i++) {
      expect((await login(t.app, unknown, from('fd00::7', `203.0.113.${10 + i}`))).statusCode).toBe(404);
    }
  });

  it('limits one client address reported by the proxy', async () => {
    for (let i = 0; i < 3; i++) await login(t.app, unknown, from('10.0.0.2', '203.0.113.50'));
    expectTooMany(await login(t.app, unknown, from('10.0.0.2', '203.0.113.50')));
  });

  it('does not believe X-Forwarded-For from any other address: rotating it does not help', async () => {
    // A client reaching the shop's published port directly, past the proxy.
    const direct = (i: number) => from('198.51.100.20', `203.0.113.${100 + i}`);
    for (let i = 1; i <= 3; i++) expect((await login(t.app, unknown, direct(i))).statusCode).toBe(404);
    expectTooMany(await login(t.app, unknown, direct(4)));
  });

  it('does not believe an address the client wrote ahead of the proxy’s entry', async () => {
    const spoofed = (i: number) => from('10.0.0.2', `192.0.2.${i}, 203.0.113.60`);
    for (let i = 1; i <= 3; i++) expect((await login(t.app, unknown, spoofed(i))).statusCode).toBe(404);
    expectTooMany(await login(t.app, unknown, spoofed(4)));
  });
});

describe('TRUST_PROXY values', () => {
  it.each(['nginx', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', '10.0.0.2,', '10.0.0.2/24/1', 'yes'])(
    'refuses to start with TRUST_PROXY=%s, naming the setting',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^\s*TRUST_PROXY: /m);
    },
  );

  it('takes 1 as the one hop that connects, and a list of addresses and CIDR ranges as given', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.0.1.0/24,fd00::/64' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.0.1.0/24',
      'fd00::/64',
    ]);
  });
});
