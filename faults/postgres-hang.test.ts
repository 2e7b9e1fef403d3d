import fs from 'node:fs';
import net from 'node:net';
import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedDatabase } from './support/postgres.js';
import {
  api,
  login,
  register,
  runShopUntilExit,
  sleep,
  startShop,
  tempDir,
  type Shop,
} from './support/shop.js';

/**
 * PostgreSQL that accepts connections and then never answers (a hung server,
 * or a network that drops everything), unlike postgres-outage.test.ts, where
 * the connection is refused. docs/reliability.md: "The pool's 5 s connect
 * timeout bounds a hanging server".
 */

/** A TCP listener on 127.0.0.1 that accepts every connection and never sends a byte. */
async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A TCP proxy in front of PostgreSQL. `hang()` makes it swallow everything:
 * new connections are accepted and never forwarded, and bytes on open ones
 * are dropped both ways (lost, as with a server that died without a reset).
 * `forward()` forwards again on new connections and on open ones that lost nothing.
 */
async function startProxy(upstream: { host: string; port: number }) {
  let hanging = false;
  let acceptedWhileHanging = 0;
  let swallowedOnOpen = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    if (hanging) {
      acceptedWhileHanging++;
      client.resume();
      return;
    }
    const backend = net.connect(upstream.port, upstream.host);
    track(backend);
    client.on('close', () => backend.destroy());
    backend.on('close', () => client.destroy());
    client.on('data', (chunk: Buffer) => {
      if (!hanging) backend.write(chunk);
      else swallowedOnOpen++;
    });
    backend.on('data', (chunk: Buffer) => {
      if (!hanging) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    hang: () => {
      hanging = true;
    },
    /** Connections the shop opened while the proxy swallowed everything. */
    acceptedWhileHanging: () => acceptedWhileHanging,
    /** Messages the shop sent, while hanging, on connections opened before. */
    swallowedOnOpen: () => swallowedOnOpen,
    forward: () => {
      hanging = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** One request with its headers; fails (instead of waiting on) an answer later than 20 s. */
async function ask(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: { sid?: string; json?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (options.sid) headers.cookie = `sid=${options.sid}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const started = Date.now();
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    signal: AbortSignal.timeout(20_000),
  }).catch((error: unknown) => {
    throw new Error(`${method} ${urlPath} got no answer in 20 s: ${String(error)}`);
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text, ms: Date.now() - started };
}

describe('PostgreSQL that accepts connections but never answers, at start', () => {
  it('does not start: it exits 1 within 30 s saying the connection timed out, without printing the password', async () => {
    const silent = await startSilentServer();
    const dataDir = tempDir('pg-hang-start');
    try {
      const run = await runShopUntilExit(
        { DATABASE_URL: `postgres://shop:hang-secret@127.0.0.1:${silent.port}/shop`, DATA_DIR: dataDir },
        30_000,
      );
      expect(run.signal, `still running after 30 s:\n${run.output}`).toBeNull();
      expect(run.code, run.output).toBe(1);
      expect(run.output).toMatch(
        /could not be reached to migrate it: .*(connection timeout|timeout exceeded when trying to connect)/,
      );
      expect(run.output).not.toContain('hang-secret');
      // It did reach the hanging server (not a configuration error before connecting).
      expect(silent.accepted()).toBeGreaterThan(0);
    } finally {
      await silent.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL that stops answering while the shop runs', () => {
  let database: Awaited<ReturnType<typeof createSharedDatabase>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let shop: Shop;
  let sid: string;
  const email = 'hang@faults.test';
  const dataDir = tempDir('pg-hang');

  beforeAll(async () => {
    database = await createSharedDatabase();
    const url = new URL(database.url);
    proxy = await startProxy({ host: url.hostname, port: Number(url.port) });
    url.port = String(proxy.port);
    shop = await startShop({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    const client = api(shop.baseUrl);
    await register(client, email);
    sid = await login(client, email);
  });

  afterAll(async () => {
    await shop?.kill();
    await proxy?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with retry-after within 20 s, on connections open before the hang and on new ones, and 200 again once it answers', async () => {
    // Several requests at once, so the pool holds several open connections when the server hangs.
    const warm = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ask(shop.baseUrl, 'GET', i % 2 ? '/api/getCart' : '/api/get-products', { sid }),
      ),
    );
    expect(warm.map((res) => res.status)).toEqual(warm.map(() => 200));
    proxy.hang();

    const needsDatabase: [string, string, { sid?: string; json?: unknown }][] = [
      ['GET', '/api/get-products', { sid }],
      ['GET', '/api/getCart', { sid }],
      ['POST', '/api/user/login', { json: { email, password: 'not-the-password-1' } }],
      [
        'POST',
        '/api/user/register',
        {
          json: {
            name: 'Later',
            email: 'later@faults.test',
            password: 'later-pass',
            confiremPassword: 'later-pass',
          },
        },
      ],
    ];
    const expectAll503 = async () => {
      const answers = await Promise.all(
        needsDatabase.map(([method, url, options]) => ask(shop.baseUrl, method, url, options)),
      );
      for (const [i, res] of answers.entries()) {
        const [method, url] = needsDatabase[i]!;
        expect(res.status, `${method} ${url}: ${res.text}`).toBe(503);
        expect(res.retryAfter, `${method} ${url}`).toBe('5');
        expect(JSON.parse(res.text)).toEqual(messages.databaseUnavailable);
      }
    };
    // Every answer here needs the database (the session is read on every request).
    // The queries go out on connections opened before the hang, and wait for
    // QUERY_TIMEOUT_MS (12 s); those connections are then closed.
    await expectAll503();
    expect(proxy.swallowedOnOpen()).toBeGreaterThan(0);
    // Later, with the pool's connections closed (timed out, or idle for 10 s), the
    // requests open new ones, which give up after the 5 s connect timeout.
    await sleep(11_000);
    const before = proxy.acceptedWhileHanging();
    await expectAll503();
    expect(proxy.acceptedWhileHanging()).toBeGreaterThan(before);
    const ready = await ask(shop.baseUrl, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toEqual({ status: 'unavailable', message: messages.databaseUnavailable });
    expect((await ask(shop.baseUrl, 'GET', '/healthz')).status).toBe(200);
    expect(shop.isRunning()).toBe(true);

    proxy.forward();
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await ask(shop.baseUrl, 'GET', '/readyz')).status;
      if (status === 200) break;
      await sleep(200);
    }
    expect(status).toBe(200);
    // The same session, kept in the database, serves again; and logging in works.
    const list = await ask(shop.baseUrl, 'GET', '/api/get-products', { sid });
    expect(list.status, list.text).toBe(200);
    expect(JSON.parse(list.text).products.length).toBeGreaterThan(0);
    await login(api(shop.baseUrl), email);
    expect(shop.isRunning()).toBe(true);
  });
});
