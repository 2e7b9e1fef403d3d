import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { messages, serverMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { newCustomer, registerUser } from '../helpers/users.js';

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
    FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS: '2',
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
    expect(refused.json()).toEqual(messages.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts failed logins of one account across both instances and addresses', async () => {
    const email = `target-${randomBytes(4).toString('hex')}@example.com`;
    await login(first, email, '10.0.0.1');
    await login(second, email, '10.0.0.2');
    await login(first, email, '10.0.0.3');
    const fourth = await login(second, email, '10.0.0.4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(serverMessages.accountLoginsPaused);
  });

  it("counts one address's failed logins on an account across both instances, and no other address's", async () => {
    const email = `pair-${randomBytes(4).toString('hex')}@example.com`;
    await login(first, email, '10.0.1.1');
    await login(second, email, '10.0.1.1');
    const third = await login(first, email, '10.0.1.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual(messages.tooManyFailedLogins);
    expect((await login(second, email, '10.0.1.2')).statusCode).toBe(404);
  });

  it('lets an address the account logged in from through the account-wide pause, on either instance', async () => {
    const user = newCustomer();
    await registerUser(first.app, user);
    await registerUser(second.app, user);
    const rightFrom = (t: TestApp, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress,
        payload: { email: user.email, password: user.password },
      });
    expect((await rightFrom(first, '10.0.2.1')).statusCode).toBe(200);
    expect((await login(second, user.email, '10.0.2.2')).statusCode).toBe(401);
    expect((await login(first, user.email, '10.0.2.3')).statusCode).toBe(401);
    expect((await login(second, user.email, '10.0.2.5')).statusCode).toBe(401);
    const paused = await rightFrom(second, '10.0.2.4');
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toEqual(serverMessages.accountLoginsPaused);
    expect((await rightFrom(second, '10.0.2.1')).statusCode).toBe(200);
  });

  it('does not count right passwords from new addresses against the account, on either instance', async () => {
    const user = newCustomer();
    await registerUser(first.app, user);
    await registerUser(second.app, user);
    const right = (t: TestApp, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress,
        payload: { email: user.email, password: user.password },
      });
    for (const [t, address] of [
      [first, '10.0.3.1'],
      [second, '10.0.3.2'],
      [first, '10.0.3.3'],
      [second, '10.0.3.4'],
    ] as const)
      expect((await right(t, address)).statusCode).toBe(200);
  });

  it('lets requests through, answering normally, when Redis is not reachable', async () => {
    const down = await createTestApp({ ...env, REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await login(down, 'nobody@example.com', '10.1.1.1');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(messages.userNotRegistered);
    } finally {
      await down.close();
    }
  });

  it('lets requests through within seconds, and logs it, when Redis accepts connections but never answers', async () => {
    // A Redis that hangs: it takes the connection and reads, but never writes back.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket.on('error', () => {})));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const lines: string[] = [];
    let hung: TestApp | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      hung = await createTestApp({ ...env, REDIS_URL: `redis://127.0.0.1:${port}` }, { logLines: lines });
      // Bounded far above the limiter's one second, far below a hang.
      const tooLate = new Promise<'no answer'>((resolve) => {
        timer = setTimeout(() => resolve('no answer'), 10_000);
      });
      const res = await Promise.race([login(hung, 'nobody@example.com', '10.1.1.2'), tooLate]);
      expect(res).not.toBe('no answer');
      if (res === 'no answer') return;
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(messages.userNotRegistered);
      expect(lines.map((line) => JSON.parse(line).msg)).toContain(
        'rate limit store unavailable; letting the request through',
      );
    } finally {
      clearTimeout(timer);
      await hung?.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
