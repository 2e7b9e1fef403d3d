// What npm run bench, bench:rebuild and test:deploy share: the shop's
// production build started as a process on a database of its own, a shopper
// in it, and the catalog searches they ask.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDist = path.join(root, 'server/dist');
export const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ??
  process.env.TEST_POSTGRES_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench-password-1';

// Each word is a material in about 5 % of generated names (generated-catalog.ts), and no part of
// another name's words: the repeated searches use the first list, new searches the second, so
// neither asks a page the other did.
const REPEATED_WORDS = ['steel', 'cotton', 'walnut', 'glass', 'leather', 'bamboo', 'copper', 'wool'];
const NEW_WORDS = ['brass', 'canvas', 'ceramic', 'denim', 'granite', 'linen', 'maple', 'nylon'];
const CATEGORIES = ['electronics', 'fashion', 'mobiles', 'games'];
const SORTS = ['popular', 'htl', 'lth'];

/** How many different searches each list of words makes: a word, a category and a sort. */
export const SEARCHES = 8 * 4 * 3;

const pathOf = (words, n, page, limit) =>
  `/api/get-products?q=${words[n % 8]}&category=${CATEGORIES[(n >> 3) % 4]}&sort=${SORTS[(n >> 5) % 3]}&page=${page}&limit=${limit}`;

/** Page `page` (of 24 unless told) of the `n`th of the SEARCHES searches shoppers repeat. */
export const searchPath = (n, page, limit = 24) => pathOf(REPEATED_WORDS, n % SEARCHES, page, limit);

// At 100,000 products each search has about 50 full pages (at 10,000 about 5: most of these are then
// past the end, and the search target is at 100,000).
const NEW_PAGES = 50;

/**
 * The `i`th search no one asked before: pages 1 to 50 of each of the new words' searches. They come
 * round again after 4,800, long after the page cache has forgotten them (page-cache.ts remembers
 * 2,000 asked once). Another page size gives another 4,800 that none of these were.
 */
export const newSearchPath = (i, limit = 24) =>
  pathOf(NEW_WORDS, i % SEARCHES, 1 + (Math.floor(i / SEARCHES) % NEW_PAGES), limit);

const pg = createRequire(path.join(root, 'server/package.json'))('pg');
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Peak resident memory of a process, from the kernel's high-water mark. */
export function peakMemoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

// ---------------------------------------------------------------- databases

export async function withPostgres(postgresUrl, fn) {
  const name = `shop_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    return await fn({ DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export async function withSqlite(fn) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-'));
  try {
    return await fn({ DATA_DIR: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the shop process

export class Shop {
  /** `dist`: another build of the server, in a folder beside server/dist (npm run bench:ab). */
  constructor(env, logFile, dist = serverDist) {
    this.env = env;
    this.logFile = logFile;
    this.dist = dist;
  }

  /** Starts the production server; resolves with milliseconds from spawn to the first answer. */
  async start() {
    this.port = await freePort();
    this.origin = `http://127.0.0.1:${this.port}`;
    const log = openSync(this.logFile, 'a');
    const started = performance.now();
    // BENCH_SERVER_FLAGS: more Node flags for the shop, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof',
    // from this shop's settings (one side of npm run bench:ab) or else the environment.
    const flags = [
      ...(this.env.BENCH_SERVER_FLAGS ?? process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean),
    ];
    this.child = spawn(process.execPath, [...flags, path.join(this.dist, 'main.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // No Razorpay account here: the test gateway, on purpose.
        ALLOW_TEST_PAYMENTS: '1',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        PUBLIC_URL: this.origin,
        // The login is measured too: the per-address and per-account limits would refuse it.
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        FAILED_LOGINS_PER_ACCOUNT: '1000000',
        FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS: '1000000',
        // The caller's settings win (a database, a proxy's PUBLIC_URL, real limits).
        ...this.env,
      },
      stdio: ['ignore', log, log],
    });
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.exited = exited;
    const deadline = started + 60_000;
    for (;;) {
      const done = await Promise.race([exited.then(() => 'exited'), sleep(0)]);
      if (done === 'exited') throw new Error(`The shop exited at start; see ${this.logFile}`);
      if (performance.now() > deadline) {
        this.child.kill('SIGKILL');
        throw new Error(`The shop did not answer /healthz within a minute; see ${this.logFile}`);
      }
      try {
        const res = await fetch(`${this.origin}/healthz`);
        if (res.ok) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await sleep(5);
    }
  }

  async stop() {
    this.child.kill('SIGTERM');
    await this.exited;
  }

  async call(method, url, body, cookie) {
    const headers = { accept: 'application/json' };
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers.origin = this.origin;
    const res = await fetch(this.origin + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    return {
      json: JSON.parse(text),
      text,
      headers: Object.fromEntries(res.headers),
      cookie: sid?.split(';')[0],
    };
  }
}

/** Adds `size` generated products to the database of `dbEnv`. */
export function generateCatalog(size, dbEnv, dist = serverDist) {
  return execFileSync(process.execPath, [path.join(dist, 'cli/generate-catalog.js'), String(size)], {
    cwd: root,
    env: { ...process.env, ...dbEnv },
    encoding: 'utf8',
  }).trim();
}

/** Registers a new shopper and logs them in; resolves with their email, password and session cookie. */
export async function newShopper(shop) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  await shop.call('POST', '/api/user/register', {
    name: 'Bench',
    email,
    password: PASSWORD,
    confiremPassword: PASSWORD,
  });
  const { cookie } = await shop.call('POST', '/api/user/login', { email, password: PASSWORD });
  return { email, password: PASSWORD, cookie };
}

/**
 * A new shopper with one line in their cart: the first product in stock on the
 * catalog's first page. Resolves with the shopper and that product.
 */
export async function shopperWithCartLine(shop) {
  const shopper = await newShopper(shop);
  const page = await shop.call(
    'GET',
    '/api/get-products?page=1&limit=24&sort=popular',
    undefined,
    shopper.cookie,
  );
  const product = page.json.products.find((p) => p.countInStock > 0);
  await shop.call('POST', '/api/saveCart', { item: { _id: product._id }, quantity: 1 }, shopper.cookie);
  return { ...shopper, product };
}
