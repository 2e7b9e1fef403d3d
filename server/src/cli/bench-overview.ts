import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { build, type App } from '../app.js';
import { loadConfig } from '../config.js';
import type { Db } from '../db/index.js';
import { newId } from '../lib/tokens.js';
import { insertGeneratedProducts } from '../modules/products/generated-catalog.js';

/**
 * npm run bench:overview: the owner's pages on a generated history of
 * BENCH_ORDERS orders (100,000) over two years, on SQLite and PostgreSQL
 * (BENCH_DATABASES). Each page's data is asked for BENCH_ROUNDS times after a
 * warm-up, through the app as a request (no network), and the whole-range
 * orders CSV is downloaded over HTTP while the process's memory is sampled.
 * Prints a Markdown table for docs/performance.md. Never run on a real shop.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const POSTGRES_ADMIN = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCTS = 2000;
const DAYS = 730;
const BATCH = 400;

async function main() {
  const rows: string[] = [];
  for (const kind of DATABASES) {
    const database = kind === 'postgres' ? await postgresDatabase() : sqliteDatabase();
    try {
      rows.push(await measure(kind, database));
    } finally {
      // BENCH_KEEP=1 leaves the generated databases for a closer look (their places are printed).
      if (process.env.BENCH_KEEP === '1') console.log(`kept: ${database.databaseUrl ?? database.dataDir}`);
      else await database.drop();
    }
  }
  console.log(
    [
      `${ORDERS.toLocaleString('en')} orders over ${DAYS} days, ${PRODUCTS} products; ${ROUNDS} requests a page after 3 to warm up; ${os.cpus().length} cores, Node ${process.version}.`,
      '',
      '| Database | generate | overview p50 / p95 | low stock p50 / p95 | orders CSV, all (rows, time, peak RSS growth) |',
      '|---|---:|---:|---:|---:|',
      ...rows,
    ].join('\n'),
  );
}

type Database = { dataDir: string; databaseUrl: string | undefined; drop(): Promise<void> };

function sqliteDatabase(): Database {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-overview-'));
  return {
    dataDir,
    databaseUrl: undefined,
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresDatabase(): Promise<Database> {
  const name = `shop_bench_overview_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-overview-'));
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await admin(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(kind: string, database: Database): Promise<string> {
  const app = await build({
    config: loadConfig({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    }),
    logger: false,
    serveWeb: false,
  });
  try {
    const started = Date.now();
    await generateHistory(app.ctx.db);
    // As autovacuum would have by the time a shop has this history: planner statistics and a
    // visibility map, without which PostgreSQL reads every row instead of the indexes.
    if (kind === 'postgres') await sql`vacuum analyze`.execute(app.ctx.db);
    const generated = `${((Date.now() - started) / 1000).toFixed(0)} s`;
    const sid = await adminSession(app);
    const overview = await timings(app, sid, '/api/admin/overview');
    const lowStock = await timings(app, sid, '/api/admin/low-stock');
    const csv = await download(app, sid);
    const name = kind === 'postgres' ? 'PostgreSQL' : 'SQLite';
    return `| ${name} | ${generated} | ${overview} | ${lowStock} | ${csv} |`;
  } finally {
    await app.close();
  }
}

async function adminSession(app: App): Promise<string> {
  const user = {
    name: 'Bench Owner',
    email: `owner-${randomBytes(4).toString('hex')}@bench.test`,
    password: 'bench-pass-1',
  };
  await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { ...user, confiremPassword: user.password },
  });
  await app.ctx.db.updateTable('users').set({ is_admin: 1 }).where('email', '=', user.email).execute();
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: user });
  const sid = login.cookies.find((c) => c.name === 'sid')?.value;
  if (!sid) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return sid;
}

async function timings(app: App, sid: string, url: string): Promise<string> {
  const ask = async () => {
    const t0 = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url, cookies: { sid } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  for (let i = 0; i < 3; i += 1) await ask();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) times.push(await ask());
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return `${at(0.5).toFixed(1)} / ${at(0.95).toFixed(1)} ms`;
}

/** The whole history as CSV over HTTP, read as it arrives, with the process's memory sampled. */
async function download(app: App, sid: string): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const from = new Date(Date.now() - (DAYS + 2) * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = Date.now();
  const res = await fetch(`${address}/api/admin/export/orders.csv?from=${from}&to=${to}`, {
    headers: { cookie: `sid=${sid}` },
  });
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  return `${(lines - 1).toLocaleString('en')}, ${seconds} s, ${((peak - base) / 1024 / 1024).toFixed(0)} MB`;
}

const STATES = ['Maharashtra', 'Karnataka', 'Tamil Nadu', 'Delhi', 'West Bengal', 'Gujarat'];
const NAMES = ['आशा वर्मा', 'Rahul Iyer', 'প্রিয়া দাস', 'Meera Nair', 'Arjun Singh', 'ஸ்ரீதேவி'];

/**
 * Products, customers, and ORDERS paid orders (one to three a checkout) spread
 * over DAYS days, more of them lately; one order in twenty has a refund a few
 * days later, in full or in part. Rows go straight into the tables in batches.
 */
async function generateHistory(db: Db) {
  const now = Date.now();
  await insertGeneratedProducts(db, PRODUCTS, new Date(now - DAYS * 86_400_000).toISOString());
  const products = await db.selectFrom('products').select(['id', 'name', 'image', 'price_paise']).execute();
  const users = Array.from({ length: 500 }, (_, i) => ({
    id: newId(),
    name: NAMES[i % NAMES.length]!,
    email: `buyer-${i}@bench.test`,
    password_hash: 'not-a-hash',
    is_admin: 0,
    created_at: new Date(now - DAYS * 86_400_000).toISOString(),
  }));
  for (let i = 0; i < users.length; i += BATCH)
    await db
      .insertInto('users')
      .values(users.slice(i, i + BATCH))
      .execute();

  let random = 42;
  const next = () => {
    random = (random * 1_103_515_245 + 12_345) % 2 ** 31;
    return random / 2 ** 31;
  };
  let made = 0;
  let checkouts: Record<string, unknown>[] = [];
  let orders: Record<string, unknown>[] = [];
  let refunds: Record<string, unknown>[] = [];
  const flush = async () => {
    if (checkouts.length)
      await db
        .insertInto('checkouts')
        .values(checkouts as never)
        .execute();
    if (orders.length)
      await db
        .insertInto('orders')
        .values(orders as never)
        .execute();
    if (refunds.length)
      await db
        .insertInto('refunds')
        .values(refunds as never)
        .execute();
    checkouts = [];
    orders = [];
    refunds = [];
  };
  while (made < ORDERS) {
    // sqrt skews the ages towards today: a growing shop.
    const age = (1 - Math.sqrt(next())) * DAYS * 86_400_000;
    const at = new Date(now - Math.floor(age));
    const user = users[Math.floor(next() * users.length)]!;
    const checkoutId = newId();
    const paymentId = `pay_${randomBytes(7).toString('hex')}`;
    const lines = Math.min(ORDERS - made, 1 + Math.floor(next() * 3));
    let total = 0;
    for (let l = 0; l < lines; l += 1) {
      const product = products[Math.floor(next() * products.length)]!;
      const quantity = 1 + Math.floor(next() * 3);
      const amount = Number(product.price_paise) * quantity;
      total += amount;
      const orderId = newId();
      const refunded = next() < 0.05;
      orders.push({
        id: orderId,
        checkout_id: checkoutId,
        user_id: user.id,
        product_id: product.id,
        name: product.name,
        image: product.image,
        price_paise: product.price_paise,
        quantity,
        amount_paise: amount,
        recipient_name: user.name,
        recipient_email: user.email,
        recipient_phone: '9876543210',
        street_address: '12 MG Road',
        town: 'Pune',
        pincode: '411001',
        state: STATES[made % STATES.length],
        country: 'India',
        provider_order_id: `order_${checkoutId.slice(0, 12)}`,
        transaction_id: paymentId,
        created_at: at.toISOString(),
        status: refunded ? 'cancelled' : 'delivered',
        is_delivered: refunded ? 0 : 1,
      });
      if (refunded) {
        const when = new Date(Math.min(now, at.getTime() + 3 * 86_400_000)).toISOString();
        refunds.push({
          id: newId(),
          checkout_id: checkoutId,
          order_id: orderId,
          payment_id: paymentId,
          amount_paise: next() < 0.5 ? amount : Math.round(amount / 2),
          status: 'processed',
          idempotency_key: newId(),
          reason: 'bench',
          created_at: when,
          updated_at: when,
        });
      }
      made += 1;
    }
    checkouts.push({
      id: checkoutId,
      user_id: user.id,
      status: 'paid',
      provider: 'test',
      provider_order_id: `order_${checkoutId.slice(0, 12)}`,
      amount_paise: total,
      currency: 'INR',
      shipping: 'null',
      payment_id: paymentId,
      created_at: at.toISOString(),
      expires_at: at.toISOString(),
      closed_at: at.toISOString(),
    });
    if (orders.length >= BATCH) await flush();
  }
  await flush();
  // The stock of a few products near or at nothing, for the low-stock list.
  await db
    .updateTable('products')
    .set({ count_in_stock: 2 })
    .where(
      'id',
      'in',
      products.slice(0, 40).map((p) => p.id),
    )
    .execute();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
