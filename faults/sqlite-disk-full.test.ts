import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  api,
  login,
  products,
  register,
  startShop,
  tempDir,
  type Api,
  type Shop,
} from './support/shop.js';

const run = promisify(execFile);

/** Writes 64 KiB blocks until the file system says ENOSPC. */
function fillUp(file: string): void {
  const block = Buffer.alloc(64 * 1024, 1);
  const fd = fs.openSync(file, 'w');
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  // Whatever a smaller write could still squeeze in, too.
  const fd2 = fs.openSync(`${file}.tail`, 'w');
  try {
    for (;;) fs.writeSync(fd2, Buffer.alloc(512, 1));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd2);
  }
}

/**
 * The SQLite data folder fills up while the shop runs. As root, chmod stops no
 * write, so DATA_DIR is a small tmpfs of the test's own, filled to ENOSPC.
 */
describe('SQLite disk full while the shop runs', () => {
  let mountPoint: string;
  let mounted = false;
  let shop: Shop;
  let client: Api;
  let sid: string;
  let productId: string;

  beforeAll(async () => {
    mountPoint = tempDir('sqlite-full');
    try {
      await run('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint]);
    } catch (error) {
      throw new Error(
        `This test needs to mount a small tmpfs as DATA_DIR (run as root): ${(error as Error).message}`,
      );
    }
    mounted = true;
    shop = await startShop({ DATA_DIR: mountPoint });
    client = api(shop.baseUrl);
    await register(client, 'full@faults.test');
    sid = await login(client, 'full@faults.test');
    productId = (await products(client, sid)).find((p) => p.countInStock >= 5)!._id;
  });

  afterAll(async () => {
    await shop?.kill();
    if (mounted) await run('umount', [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  it('refuses writes with 503 and a clear message while full, keeps reading, and writes again once space is back', async () => {
    const filler = path.join(mountPoint, 'filler.bin');
    fillUp(filler);

    const saved = await client.post('/api/saveCart', {
      sid,
      json: { item: { _id: productId }, quantity: 1 },
    });
    expect(saved.status, saved.text).toBe(503);
    expect(saved.body).toEqual(messages.databaseUnavailable);
    const registered = await client.post('/api/user/register', {
      json: {
        name: 'Later',
        email: 'later@faults.test',
        password: 'later-pass',
        confiremPassword: 'later-pass',
      },
    });
    expect(registered.status, registered.text).toBe(503);
    expect(registered.body).toEqual(messages.databaseUnavailable);

    // Reads need no space: the catalog, the session, the (unchanged) cart.
    expect((await products(client, sid)).length).toBeGreaterThan(0);
    const cart = await client.get('/api/getCart', { sid });
    expect(cart.status, cart.text).toBe(200);
    expect((await client.get('/healthz')).status).toBe(200);
    expect(shop.isRunning()).toBe(true);

    fs.rmSync(filler);
    fs.rmSync(`${filler}.tail`);

    // No restart: the next writes go through.
    await addToCart(client, sid, productId, 1);
    await register(client, 'later@faults.test');
    const after = await client.get('/api/getCart', { sid });
    expect(after.status, after.text).toBe(200);
    expect(after.text).toContain(productId);
    expect((await client.get('/readyz')).status).toBe(200);
    expect(shop.isRunning()).toBe(true);
  });
});
