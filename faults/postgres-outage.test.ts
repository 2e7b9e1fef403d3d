import fs from 'node:fs';
import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from './support/postgres.js';
import {
  api,
  login,
  products,
  register,
  sleep,
  startShop,
  tempDir,
  type Api,
  type Shop,
} from './support/shop.js';

/**
 * PostgreSQL stops while the shop runs, then comes back. A cluster of the
 * test's own is stopped, never the machine's shared server.
 */
describe('PostgreSQL stopped while the shop runs', () => {
  let postgres: PrivatePostgres;
  let shop: Shop;
  let client: Api;
  let sid: string;
  const dataDir = tempDir('pg-outage');

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    shop = await startShop({ DATABASE_URL: postgres.url, DATA_DIR: dataDir });
    client = api(shop.baseUrl);
    await register(client, 'outage@faults.test');
    sid = await login(client, 'outage@faults.test');
    expect((await products(client, sid)).length).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await shop?.kill();
    await postgres?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a clear message while the database is down, stays up, and serves again when it returns', async () => {
    await postgres.stop();

    const ready = await client.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', message: messages.databaseUnavailable });

    // Each of these answers (no hang): a session lookup, a read, a login, a write.
    for (const call of [
      () => client.get('/api/get-products', { sid }),
      () => client.get('/api/getCart', { sid }),
      () => client.post('/api/user/login', { json: { email: 'outage@faults.test', password: 'whatever1' } }),
      () =>
        client.post('/api/user/register', {
          json: {
            name: 'Later',
            email: 'later@faults.test',
            password: 'later-pass',
            confiremPassword: 'later-pass',
          },
        }),
    ]) {
      const res = await call();
      expect(res.status, res.text).toBe(503);
      expect(res.body).toEqual(messages.databaseUnavailable);
      expect(res.text).not.toMatch(/ECONNREFUSED|at .*\.js|stack/i);
    }
    expect((await client.get('/healthz')).status).toBe(200);
    expect(shop.isRunning()).toBe(true);

    await postgres.start();

    // The pool reconnects by itself: no restart of the shop.
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await client.get('/readyz')).status;
      if (status === 200) break;
      await sleep(200);
    }
    expect(status).toBe(200);
    // The session lives in the database: the same cookie still works.
    const me = await client.get('/api/get-user', { sid });
    expect(me.status, me.text).toBe(200);
    expect((await products(client, sid)).length).toBeGreaterThan(0);
    expect(shop.isRunning()).toBe(true);
  });
});
