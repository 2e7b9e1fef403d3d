import { randomBytes } from 'node:crypto';
import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';

/**
 * With REDIS_URL set, every instance counts against the same limits: two apps
 * on one database and one Redis behave as one shop (127.0.0.1:6379 here).
 */
describe(`rate limits kept in Redis (${testDbKind})`, () => {
  let first: TestApp;
  let second: TestApp;
  const env = {
    REDIS_URL: 'redis://127.0.0.1:6379',
    // A prefix of its own, so parallel test files never share a counter.
    REDIS_KEY_PREFIX: `shop-test-${randomBytes(6).toString('hex')}:`,
    AUTH_RATE_LIMIT_PER_MINUTE: '4',
    FAILED_LOGINS_PER_ACCOUNT: '3',
  };
  beforeAll(async () => {
    first = await createTestApp(env);
    second = await createTestApp(env);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const login = (t: TestApp, email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress,
      payload: { email, password: 'wrong-password' },
    });

  it('counts one client address across both instances', async () => {
    const address = '10.9.8.7';
    const answers = [];
    for (const t of [first, second, first, second, first])
      answers.push((await login(t, `a${Date.now()}@example.com`, address)).statusCode);
    expect(answers.slice(0, 4)).not.toContain(429);
    expect(answers[4]).toBe(429);
    const refused = await login(second, 'someone@example.com', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts failed logins of one account across both instances and addresses', async () => {
    const email = `target-${randomBytes(4).toString('hex')}@example.com`;
    await login(first, email, '10.0.0.1');
    await login(second, email, '10.0.0.2');
    await login(first, email, '10.0.0.3');
    const fourth = await login(second, email, '10.0.0.4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: messages.tooManyFailedLogins });
  });

  it('lets requests through, answering normally, when Redis is not reachable', async () => {
    const down = await createTestApp({ ...env, REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await login(down, 'nobody@example.com', '10.1.1.1');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.userNotRegistered });
    } finally {
      await down.close();
    }
  });
});
