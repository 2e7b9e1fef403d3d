// The load test: two production shop processes on one fresh PostgreSQL
// database, with rate limits in Redis. It checks that sessions and rate limits
// hold across both instances, races LOAD_BUYERS buyers for LOAD_STOCK units of
// one product, runs a mixed browse/cart/checkout load for LOAD_SECONDS, and
// writes the numbers to docs/reliability.md. Last line: "N passed, M failed".
import { spawn, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './lib/free-port.mjs';
import { percentile } from './lib/percentile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = path.join(root, 'server/dist/main.js');
const createAdminCli = path.join(root, 'server/dist/cli/create-admin.js');
const reportFile = path.join(root, 'docs/reliability.md');
const HEADING = '## Load test (npm run test:load)';

const intEnv = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number from 1, got "${raw}"`);
    process.exit(2);
  }
  return value;
};
const BUYERS = intEnv('LOAD_BUYERS', 200);
const STOCK = intEnv('LOAD_STOCK', 50);
const SECONDS = intEnv('LOAD_SECONDS', 20);
const VIRTUAL_USERS = intEnv('LOAD_USERS', 20);
const SETUP_CONCURRENCY = intEnv('LOAD_SETUP_CONCURRENCY', 16);
const FAILED_LOGINS = 5;
const POSTGRES_URL =
  process.env.LOAD_POSTGRES_URL ??
  process.env.TEST_POSTGRES_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TEST_CARD = '4111 1111 1111 1111'; // TEST_CARDS.success in shared/src/schemas/checkout.ts

if (BUYERS < STOCK) {
  console.error(`LOAD_BUYERS (${BUYERS}) must be at least LOAD_STOCK (${STOCK}) for a race`);
  process.exit(2);
}
for (const file of [serverMain, createAdminCli]) {
  if (!existsSync(file)) {
    console.error(
      `Missing ${path.relative(root, file)}: the load test runs the production build. Run \`npm run build\` first.`,
    );
    process.exit(2);
  }
}

const pg = createRequire(path.join(root, 'server/package.json'))('pg');
const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();

// ---------------------------------------------------------------- checks

const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok: Boolean(ok), detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `: ${detail}` : ''}`);
  return Boolean(ok);
}

// ---------------------------------------------------------------- HTTP with timings

/** Every request of a phase: endpoint label, status (0 = network error), milliseconds. */
class Recorder {
  constructor() {
    this.samples = [];
  }
  add(label, status, ms) {
    this.samples.push({ label, status, ms });
  }
}

/** A client of one account; its cookie is sent to whichever instance a call goes to. */
class Client {
  constructor(instances, recorder) {
    this.instances = instances;
    this.recorder = recorder;
    this.cookie = '';
    this.turn = 0;
  }
  /** The next instance, alternating. */
  next() {
    return this.instances[this.turn++ % this.instances.length];
  }
  async call(instance, method, url, body, label = url.split('?')[0]) {
    const headers = { accept: 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    // The Origin check refuses cross-origin state changes: each instance gets its own origin.
    if (method !== 'GET') headers.origin = instance.origin;
    const t0 = performance.now();
    let status = 0;
    let json;
    try {
      const res = await fetch(instance.origin + url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.status;
      const text = await res.text();
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
      if (sid) this.cookie = sid.split(';')[0];
    } catch (error) {
      json = { networkError: String(error?.cause?.code ?? error?.message ?? error) };
    }
    this.recorder?.add(label, status, performance.now() - t0);
    return { status, json, instance: instance.name };
  }
}

async function pool(items, concurrency, worker) {
  const results = new Array(items.length);
  let index = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (index < items.length) {
        const i = index++;
        results[i] = await worker(items[i], i);
      }
    }),
  );
  return results;
}

// ---------------------------------------------------------------- processes and resources

const servers = [];
const tempDirs = [];

function startServer(name, port, env) {
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { name, port, origin: `http://127.0.0.1:${port}`, child, output: [], exited: null };
  const keep = (chunk) => {
    server.output.push(chunk.toString());
    if (server.output.length > 200) server.output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('exit', (code, signal) => (server.exited = { code, signal }));
  servers.push(server);
  return server;
}

async function waitReady(server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exited) break;
    try {
      const res = await fetch(`${server.origin}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(
    `instance ${server.name} did not become ready${server.exited ? ` (exited ${JSON.stringify(server.exited)})` : ''}:\n${server.output.join('')}`,
  );
}

async function stopServer(server) {
  if (server.exited) return;
  const gone = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

const dbName = `shop_load_${Date.now()}_${randomBytes(3).toString('hex')}`;
const adminUrl = new URL(POSTGRES_URL);
const testUrl = new URL(POSTGRES_URL);
testUrl.pathname = `/${dbName}`;
let dbCreated = false;

async function withAdminDb(fn) {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function cleanup() {
  await Promise.all(servers.map((s) => stopServer(s).catch(() => {})));
  if (dbCreated) {
    await withAdminDb((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)).catch((error) =>
      console.error(`could not drop database ${dbName}: ${error.message}`),
    );
  }
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

// ---------------------------------------------------------------- statistics and report

function summarize(samples, seconds) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors: samples.filter((s) => s.status === 0 || s.status >= 500).length,
    rejected: samples.filter((s) => s.status === 429).length,
    clientErrors: samples.filter((s) => s.status >= 400 && s.status < 500 && s.status !== 429).length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    rate: samples.length / seconds,
  };
}

const GROUPS = {
  browse: ['/api/get-products', '/api/get-product/:id'],
  cart: ['/api/saveCart', '/api/getCart', '/api/updateQuantity', '/api/cart/update'],
  checkout: [
    '/api/payment/orderCreate',
    '/api/payment/cancel',
    '/api/payment/test-gateway/pay',
    '/api/payment/cartDetail',
  ],
};

function loadTable(samples, seconds) {
  const rows = [];
  const fmt = (name, s) =>
    `| ${name} | ${s.requests} | ${s.errors} | ${s.clientErrors} | ${s.rejected} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.rate.toFixed(1)} |`;
  for (const [group, labels] of Object.entries(GROUPS)) {
    rows.push(
      fmt(
        `**${group}**`,
        summarize(
          samples.filter((s) => labels.includes(s.label)),
          seconds,
        ),
      ),
    );
    for (const label of labels) {
      const mine = samples.filter((s) => s.label === label);
      if (mine.length > 0) rows.push(fmt(`\`${label}\``, summarize(mine, seconds)));
    }
  }
  rows.push(fmt('**all**', summarize(samples, seconds)));
  return [
    '| endpoint | requests | errors (5xx, network) | 4xx (409 etc.) | 429 | p50 ms | p99 ms | req/s |',
    '| --- | --: | --: | --: | --: | --: | --: | --: |',
    ...rows,
  ].join('\n');
}

async function writeReport(section) {
  let body = section;
  try {
    const prettier = await import('prettier');
    body = await prettier.format(section, {
      parser: 'markdown',
      ...(await prettier.resolveConfig(reportFile)),
    });
  } catch {
    // prettier is a dev dependency of the repo; without it the section is written as is
  }
  body = body.trimEnd() + '\n';
  let doc = existsSync(reportFile) ? await readFile(reportFile, 'utf8') : '';
  if (!doc.trim()) {
    doc = `# Reliability\n\n${body}`;
  } else {
    const start = doc.indexOf(`${HEADING}\n`);
    if (start === -1) {
      doc = `${doc.trimEnd()}\n\n${body}`;
    } else {
      const after = doc.slice(start + HEADING.length + 1);
      const nextHeading = after.search(/^## /m);
      const rest = nextHeading === -1 ? '' : `\n${after.slice(nextHeading)}`;
      doc = `${doc.slice(0, start)}${body}${rest}`;
    }
  }
  await writeFile(reportFile, doc);
}

// ---------------------------------------------------------------- the shopper's data

const shippingFor = (email) => ({
  name: 'Load Buyer',
  email,
  phone: '9123456780',
  streetAddress: '3 Lake Road',
  town: 'Bhopal',
  pincode: '462001',
  state: 'Madhya Pradesh',
  country: 'India',
});

async function registerAndLogin(client, email, password, instance) {
  const reg = await client.call(instance, 'POST', '/api/user/register', {
    name: 'Load Buyer',
    email,
    password,
    confiremPassword: password,
  });
  if (reg.status !== 201)
    throw new Error(`register ${email} on ${instance.name}: ${reg.status} ${JSON.stringify(reg.json)}`);
  const login = await client.call(instance, 'POST', '/api/user/login', { email, password });
  if (login.status !== 200 || !client.cookie) {
    throw new Error(`login ${email} on ${instance.name}: ${login.status} ${JSON.stringify(login.json)}`);
  }
}

// ---------------------------------------------------------------- the run

async function main() {
  const runId = randomBytes(4).toString('hex');
  await withAdminDb((c) => c.query(`CREATE DATABASE "${dbName}"`));
  dbCreated = true;
  const sqlDb = new pg.Pool({ connectionString: testUrl.toString(), max: 2 });
  try {
    const [portA, portB] = [await freePort(), await freePort()];
    const env = {
      NODE_ENV: 'production',
      // No Razorpay account here: the test gateway, on purpose.
      ALLOW_TEST_PAYMENTS: '1',
      DATABASE_URL: testUrl.toString(),
      REDIS_URL,
      REDIS_KEY_PREFIX: `shop-load-${runId}:`,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      // One client address makes every request here: its per-(account, address) guesses are the limit.
      FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS: String(FAILED_LOGINS),
      // 200 shoppers check out from this one address: the per-address hold bounds would stop the race.
      CHECKOUT_STARTS_PER_HOUR_PER_ADDRESS: '1000000',
      CHECKOUT_MAX_UNITS_PER_ADDRESS: '1000000',
      SMTP_URL: '',
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
    };
    const dataDir = async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-load-'));
      tempDirs.push(dir);
      return dir;
    };
    // One after the other: the first migrates and seeds the empty database.
    const a = startServer('A', portA, { ...env, DATA_DIR: await dataDir() });
    await waitReady(a);
    const b = startServer('B', portB, { ...env, DATA_DIR: await dataDir() });
    await waitReady(b);
    const instances = [a, b];
    console.log(
      `database ${dbName}; instances A ${a.origin}, B ${b.origin}; Redis prefix shop-load-${runId}:`,
    );

    // ---- sessions and rate limits are shared by both instances
    const probe = new Client(instances);
    const probeEmail = `probe-${runId}@load.test`;
    await registerAndLogin(probe, probeEmail, 'probe-password', a);
    const onB = await probe.call(b, 'GET', '/api/get-user');
    check(
      'sessions valid on both instances',
      onB.status === 200 && onB.json?.email === probeEmail,
      `logged in on A, GET /api/get-user on B answered ${onB.status}`,
    );
    const guesses = [];
    for (let i = 0; i <= FAILED_LOGINS; i++) {
      const stranger = new Client(instances);
      const r = await stranger.call(instances[i % 2], 'POST', '/api/user/login', {
        email: probeEmail,
        password: `wrong-${i}`,
      });
      guesses.push(r.status);
    }
    check(
      'rate limits counted together by both instances (Redis)',
      guesses.slice(0, FAILED_LOGINS).every((s) => s === 401) && guesses[FAILED_LOGINS] === 429,
      `${FAILED_LOGINS + 1} wrong passwords alternating A/B answered ${guesses.join(', ')} (limit ${FAILED_LOGINS})`,
    );

    // ---- the race
    const adminEmail = `admin-${runId}@load.test`;
    const adminPassword = `admin-${randomBytes(8).toString('hex')}`;
    await run(
      process.execPath,
      [createAdminCli, '--email', adminEmail, '--password', adminPassword, '--name', 'Load Admin'],
      {
        cwd: root,
        env: { ...process.env, ...env, DATA_DIR: await dataDir() },
      },
    );
    const admin = new Client(instances);
    const adminLogin = await admin.call(a, 'POST', '/api/user/login', {
      email: adminEmail,
      password: adminPassword,
    });
    if (adminLogin.status !== 200)
      throw new Error(`admin login: ${adminLogin.status} ${JSON.stringify(adminLogin.json)}`);
    const added = await admin.call(b, 'POST', '/api/addProduct', {
      name: `Race Ludo ${runId}`,
      category: 'games',
      price: 499,
      countInStock: STOCK,
      image: '/images/products/ludo-royale.svg',
      description: 'The one product two hundred buyers want at once.',
    });
    if (added.status !== 201) throw new Error(`addProduct: ${added.status} ${JSON.stringify(added.json)}`);
    const productId = added.json.product._id;

    const setupStart = performance.now();
    const buyers = await pool(
      Array.from({ length: BUYERS }, (_, i) => i),
      SETUP_CONCURRENCY,
      async (i) => {
        const client = new Client(instances);
        const email = `buyer-${i}-${runId}@load.test`;
        await registerAndLogin(client, email, `buyer-password-${i}`, instances[i % 2]);
        const saved = await client.call(instances[(i + 1) % 2], 'POST', '/api/saveCart', {
          item: { _id: productId },
          quantity: 1,
        });
        if (saved.status !== 200)
          throw new Error(`saveCart for ${email}: ${saved.status} ${JSON.stringify(saved.json)}`);
        return { client, email };
      },
    );
    const setupSeconds = (performance.now() - setupStart) / 1000;
    console.log(`${BUYERS} buyers registered, logged in and carted in ${setupSeconds.toFixed(1)} s`);

    // Watch the stock from outside while the race runs: it must never go below zero.
    let minStock = STOCK;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const { rows } = await sqlDb.query('select count_in_stock from products where id = $1', [productId]);
        minStock = Math.min(minStock, Number(rows[0].count_in_stock));
        await sleep(5);
      }
    })();
    const raceRecorder = new Recorder();
    const raceStart = performance.now();
    const answers = await Promise.all(
      buyers.map(({ client, email }, i) => {
        client.recorder = raceRecorder;
        return client.call(instances[i % 2], 'POST', '/api/payment/orderCreate', {
          data: shippingFor(email),
        });
      }),
    );
    const raceMs = performance.now() - raceStart;
    watching = false;
    await watcher;

    const winners = answers.map((r, i) => ({ r, i })).filter(({ r }) => r.status === 200);
    const conflicts = answers.filter(
      (r) => r.status === 409 && typeof r.json === 'string' && r.json.length > 0,
    );
    const others = answers.filter((r) => r.status !== 200 && r.status !== 409);
    const otherStatuses = [...new Set(answers.map((r) => r.status))].sort().join(', ');
    check(
      `race: exactly ${STOCK} of ${BUYERS} checkouts reserved`,
      winners.length === STOCK,
      `${winners.length} answered 200 (A ${winners.filter(({ r }) => r.instance === 'A').length}, B ${winners.filter(({ r }) => r.instance === 'B').length}) in ${raceMs.toFixed(0)} ms`,
    );
    check(
      `race: every other answer a clean 409 with its message`,
      conflicts.length === BUYERS - STOCK && others.length === 0,
      `${conflicts.length} clean 409s; statuses seen: ${otherStatuses}${others.length ? `; unexpected: ${JSON.stringify(others.slice(0, 3))}` : ''}`,
    );
    check('race: stock never negative while racing', minStock >= 0, `lowest stock seen ${minStock}`);

    const payResults = await pool(winners, SETUP_CONCURRENCY, async ({ r, i }) => {
      const { client } = buyers[i];
      const paid = await client.call(instances[i % 2], 'POST', '/api/payment/test-gateway/pay', {
        order_id: r.json.id,
        card_number: TEST_CARD,
      });
      if (paid.status !== 200) return `pay ${paid.status}`;
      const confirmed = await client.call(
        instances[(i + 1) % 2],
        'POST',
        '/api/payment/cartDetail',
        paid.json,
      );
      return confirmed.status === 200 && confirmed.json?.data?.length === 1
        ? 'ok'
        : `cartDetail ${confirmed.status}`;
    });
    const paidOk = payResults.filter((x) => x === 'ok').length;
    check(
      `race: all ${winners.length} reserved checkouts paid`,
      paidOk === winners.length,
      paidOk === winners.length
        ? ''
        : payResults
            .filter((x) => x !== 'ok')
            .slice(0, 5)
            .join('; '),
    );

    // Through the API.
    const products = await admin.call(a, 'GET', '/api/getAllProducts');
    const productList = Array.isArray(products.json) ? products.json : (products.json?.products ?? []);
    const apiStock = productList.find((p) => p._id === productId)?.countInStock;
    check('API: product stock ends at 0', apiStock === 0, `admin GET /api/getAllProducts says ${apiStock}`);
    const orders = await admin.call(b, 'GET', '/api/admin/orders');
    const raceOrders = (orders.json ?? []).filter((o) => o.orderItem.productId === productId);
    const transactionIds = new Set(raceOrders.map((o) => o.paymentDetails.transactionId));
    check(
      `API: exactly ${STOCK} orders with ${STOCK} distinct transaction ids`,
      raceOrders.length === STOCK && transactionIds.size === STOCK,
      `${raceOrders.length} orders, ${transactionIds.size} distinct transaction ids`,
    );

    // Through SQL: orders, stock and payments agree.
    const q = async (text, params = [productId]) => (await sqlDb.query(text, params)).rows;
    const statuses = await q(
      `select c.status, count(*)::int as n, sum(l.quantity)::int as quantity
         from checkouts c join checkout_lines l on l.checkout_id = c.id
        where l.product_id = $1 group by c.status order by c.status`,
    );
    const paidRow = statuses.find((s) => s.status === 'paid');
    const strayStatuses = statuses.filter((s) => s.status !== 'paid' && s.status !== 'released');
    const [orderSum] = await q(
      `select count(*)::int as n, coalesce(sum(quantity), 0)::int as quantity,
              count(distinct transaction_id)::int as transactions, count(distinct checkout_id)::int as checkouts
         from orders where product_id = $1`,
    );
    const [stockRow] = await q('select count_in_stock from products where id = $1');
    const [mismatch] = await q(
      `select count(*)::int as n from orders o join checkouts c on c.id = o.checkout_id
        where o.product_id = $1 and (c.status <> 'paid' or c.payment_id is distinct from o.transaction_id
                                     or c.provider_order_id is distinct from o.provider_order_id)`,
    );
    const [negative] = await q('select count(*)::int as n from products where count_in_stock < 0', []);
    check(
      'SQL: checkouts, orders, stock and payments agree',
      paidRow?.n === STOCK &&
        paidRow?.quantity === STOCK &&
        strayStatuses.length === 0 &&
        orderSum.n === STOCK &&
        orderSum.quantity === STOCK &&
        orderSum.transactions === STOCK &&
        orderSum.checkouts === STOCK &&
        Number(stockRow.count_in_stock) === 0 &&
        mismatch.n === 0 &&
        negative.n === 0,
      `checkouts by status ${JSON.stringify(statuses)}; orders ${JSON.stringify(orderSum)}; stock ${stockRow.count_in_stock}; order/payment mismatches ${mismatch.n}; negative stock rows ${negative.n}`,
    );

    // ---- mixed load for a fixed time
    const { rows: catalog } = await sqlDb.query(
      'select id, count_in_stock from products where id <> $1 order by id',
      [productId],
    );
    const buyable = catalog.filter((p) => Number(p.count_in_stock) >= 20).map((p) => p.id);
    const allIds = catalog.map((p) => p.id);
    const loadRecorder = new Recorder();
    const vus = await pool(
      Array.from({ length: VIRTUAL_USERS }, (_, i) => i),
      SETUP_CONCURRENCY,
      async (i) => {
        const client = new Client(instances);
        const email = `shopper-${i}-${runId}@load.test`;
        await registerAndLogin(client, email, `shopper-password-${i}`, instances[i % 2]);
        client.recorder = loadRecorder;
        client.turn = i;
        return { client, email, cart: [] };
      },
    );
    const unexpected = [];
    const expect4xx = (r, label, allowed) => {
      if (r.status >= 400 && r.status < 500 && r.status !== 429 && !allowed.includes(r.status)) {
        unexpected.push(`${label} ${r.status} ${JSON.stringify(r.json)}`);
      }
    };
    const pick = (list) => list[Math.floor(Math.random() * list.length)];
    const terms = ['', 'ludo', 'phone', 'shirt', 'cricket', 'a'];
    const categories = ['all', 'electronics', 'fashion', 'mobiles', 'games'];
    const sorts = ['popular', 'htl', 'lth'];
    let checkoutsStarted = 0;
    let checkoutsPaid = 0;
    let checkoutsCancelled = 0;
    let checkoutsSoldOut = 0;

    async function checkout(vu) {
      const { client } = vu;
      // A fresh cart of one buyable product, so a checkout can go through.
      for (let left = vu.cart.length; left > 0; left--) {
        const r = await client.call(client.next(), 'PATCH', '/api/cart/update', { index: 0 });
        expect4xx(r, 'cart/update', []);
      }
      vu.cart = [];
      const id = pick(buyable);
      const saved = await client.call(client.next(), 'POST', '/api/saveCart', {
        item: { _id: id },
        quantity: 1,
      });
      expect4xx(saved, 'saveCart', [409]);
      // Sold out meanwhile: the cart stays empty and there is nothing to check out.
      if (saved.status !== 200) return;
      vu.cart = saved.json.cartProducts.map((l) => l.product._id);
      const created = await client.call(client.next(), 'POST', '/api/payment/orderCreate', {
        data: shippingFor(vu.email),
      });
      expect4xx(created, 'orderCreate', [409]);
      if (created.status === 409) checkoutsSoldOut++;
      if (created.status !== 200) return;
      checkoutsStarted++;
      if (Math.random() < 0.5) {
        const cancelled = await client.call(client.next(), 'POST', '/api/payment/cancel', {
          order_id: created.json.id,
        });
        expect4xx(cancelled, 'cancel', []);
        if (cancelled.status === 200) checkoutsCancelled++;
        return;
      }
      const paid = await client.call(client.next(), 'POST', '/api/payment/test-gateway/pay', {
        order_id: created.json.id,
        card_number: TEST_CARD,
      });
      expect4xx(paid, 'test-gateway/pay', []);
      if (paid.status !== 200) return;
      const confirmed = await client.call(client.next(), 'POST', '/api/payment/cartDetail', paid.json);
      expect4xx(confirmed, 'cartDetail', []);
      if (confirmed.status === 200) {
        checkoutsPaid++;
        vu.cart = [];
      }
    }

    async function step(vu) {
      const { client } = vu;
      const roll = Math.random();
      if (roll < 0.35) {
        const params = new URLSearchParams();
        const term = pick(terms);
        if (term) params.set('q', term);
        params.set('category', pick(categories));
        params.set('sort', pick(sorts));
        params.set('page', String(1 + Math.floor(Math.random() * 2)));
        params.set('limit', pick(['8', '12', '24']));
        const r = await client.call(
          client.next(),
          'GET',
          `/api/get-products?${params}`,
          undefined,
          '/api/get-products',
        );
        expect4xx(r, 'get-products', []);
      } else if (roll < 0.55) {
        const r = await client.call(
          client.next(),
          'GET',
          `/api/get-product/${pick(allIds)}`,
          undefined,
          '/api/get-product/:id',
        );
        expect4xx(r, 'get-product', []);
      } else if (roll < 0.67) {
        const r = await client.call(client.next(), 'POST', '/api/saveCart', {
          item: { _id: pick(buyable) },
          quantity: 1 + Math.floor(Math.random() * 2),
        });
        expect4xx(r, 'saveCart', [409]);
        if (r.status === 200) vu.cart = r.json.cartProducts.map((l) => l.product._id);
      } else if (roll < 0.8) {
        const r = await client.call(client.next(), 'GET', '/api/getCart');
        expect4xx(r, 'getCart', []);
        if (r.status === 200) vu.cart = r.json.cartProducts.map((l) => l.product._id);
      } else if (roll < 0.88) {
        if (vu.cart.length === 0) return;
        const r = await client.call(client.next(), 'PATCH', '/api/updateQuantity', {
          id: pick(vu.cart),
          quantity: 1 + Math.floor(Math.random() * 3),
        });
        expect4xx(r, 'updateQuantity', [409]);
      } else if (roll < 0.93) {
        if (vu.cart.length === 0) return;
        const r = await client.call(client.next(), 'PATCH', '/api/cart/update', {
          index: vu.cart.length - 1,
        });
        expect4xx(r, 'cart/update', []);
        if (r.status === 200) vu.cart = r.json.map((l) => l.product._id);
      } else {
        await checkout(vu);
      }
    }

    console.log(`mixed load: ${VIRTUAL_USERS} virtual users for ${SECONDS} s, alternating A and B`);
    const loadStart = performance.now();
    const deadline = loadStart + SECONDS * 1000;
    await Promise.all(
      vus.map(async (vu) => {
        while (performance.now() < deadline) await step(vu);
      }),
    );
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const all = summarize(loadRecorder.samples, loadSeconds);
    const fiveHundreds = loadRecorder.samples.filter((s) => s.status >= 500);
    const networkErrors = loadRecorder.samples.filter((s) => s.status === 0);
    check(
      'mixed load: no 5xx',
      fiveHundreds.length === 0,
      `${fiveHundreds.length} of ${all.requests}${
        fiveHundreds.length
          ? `: ${fiveHundreds
              .slice(0, 5)
              .map((s) => `${s.label} ${s.status}`)
              .join(', ')}`
          : ''
      }`,
    );
    check(
      'mixed load: no network errors',
      networkErrors.length === 0,
      `${networkErrors.length} of ${all.requests}`,
    );
    check(
      'mixed load: no unexpected 4xx',
      unexpected.length === 0,
      unexpected.length ? `${unexpected.length}: ${unexpected.slice(0, 3).join('; ')}` : '',
    );
    const [negativeAfter] = await q('select count(*)::int as n from products where count_in_stock < 0', []);
    const [pendingLeft] = await q(
      `select count(*)::int as n from checkouts where status = 'pending' and provider_order_id is null`,
      [],
    );
    check(
      'mixed load: no negative stock, no checkout left without a provider order',
      negativeAfter.n === 0 && pendingLeft.n === 0,
      `negative ${negativeAfter.n}, orphaned pending ${pendingLeft.n}`,
    );
    const stillUp = instances.every((s) => !s.exited);
    check(
      'both instances still running',
      stillUp,
      stillUp ? '' : JSON.stringify(instances.map((s) => s.exited)),
    );

    // ---- report
    const table = loadTable(loadRecorder.samples, loadSeconds);
    const raceSummary = summarize(raceRecorder.samples, raceMs / 1000);
    const passed = checks.filter((c) => c.ok).length;
    const section = [
      HEADING,
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.platform()} ${os.release()}), Node ${process.version}, PostgreSQL database ${dbName.replace(/_[0-9a-f]+$/, '_…')} (fresh), Redis rate limits. ` +
        `Two production processes (\`node server/dist/main.js\`) on one database; every client alternates between them. ` +
        `Sizes: ${BUYERS} buyers, stock ${STOCK}, ${VIRTUAL_USERS} virtual users for ${SECONDS} s. Whole run ${((Date.now() - started) / 1000).toFixed(0)} s; ${passed} checks passed, ${checks.length - passed} failed.`,
      '',
      '### The race',
      '',
      `${BUYERS} buyers (registered and carted in ${setupSeconds.toFixed(1)} s) called \`POST /api/payment/orderCreate\` at once for a product with stock ${STOCK}: ` +
        `${winners.length} answered 200 and ${conflicts.length} a clean 409, nothing else (${others.length} other). All ${paidOk} paid through the test gateway. ` +
        `The whole burst took ${raceMs.toFixed(0)} ms (p50 ${raceSummary.p50.toFixed(0)} ms, p99 ${raceSummary.p99.toFixed(0)} ms). ` +
        `Afterwards: stock ${stockRow.count_in_stock} (lowest seen while racing ${minStock}), ${orderSum.n} orders with ${orderSum.transactions} distinct transaction ids, ` +
        `checkout lines by status ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}; orders, stock and payments agree in SQL.`,
      '',
      '### Mixed browse, cart and checkout load',
      '',
      `${all.requests} requests in ${loadSeconds.toFixed(1)} s (${all.rate.toFixed(0)} req/s), ${all.errors} errors (5xx or network), ${all.rejected} rate-limited (429), p50 ${all.p50.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms. ` +
        `Checkouts: ${checkoutsStarted} started, ${checkoutsPaid} paid, ${checkoutsCancelled} cancelled, ${checkoutsSoldOut} refused as sold out (409). ` +
        `4xx are expected answers (409 when a quantity is over the stock) and are not errors.`,
      '',
      table,
      '',
      'Run it with `npm run build && npm run test:load` (PostgreSQL on 127.0.0.1:5432, Redis on 127.0.0.1:6379). ' +
        'LOAD_BUYERS, LOAD_STOCK, LOAD_SECONDS and LOAD_USERS change the sizes.',
      '',
    ].join('\n');
    await writeReport(section);
    console.log(`\n${table}\n\nwritten to ${path.relative(root, reportFile)}`);
  } finally {
    await sqlDb.end().catch(() => {});
  }
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  check('load test ran to the end', false, error instanceof Error ? error.stack : String(error));
  for (const server of servers) {
    if (server.output.length)
      console.error(`--- instance ${server.name} output ---\n${server.output.join('').slice(-4000)}`);
  }
} finally {
  await cleanup();
}
const failed = checks.filter((c) => !c.ok).length;
if (failed > 0) exitCode = 1;
console.log(`\nload test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(exitCode);
