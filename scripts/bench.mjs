// npm run bench: the production build on SQLite and on PostgreSQL, with a
// generated catalog of each size in BENCH_SIZES, driven by autocannon; beside
// it a bare node:http server answering the product page's bytes (the
// ceiling, measured in each database and size just before the product page
// and cart it is compared with) and Fastify answering them from memory (the
// stack's floor). Prints the numbers and writes them to docs/performance.md.
//
// Each endpoint, the ceiling and the floor are warmed by autocannon for
// BENCH_WARMUP_SECONDS first, not counted: Node compiles a route's code as it
// runs, and a cold start weighed on 10 s of one route and not on a bare
// server. The repeated searches have their own warm-up passes; the new ones
// are warmed with pages of 23, so that every page measured is still new
// (though its products may have been read for a page of 23 just before).
//
// Settings (environment): BENCH_SECONDS (5), BENCH_ROUNDS (3), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (50),
// BENCH_SEARCH_RATE (500: new searches a second in the row measured at a stated load),
// BENCH_SIZES (10000,100000), BENCH_DATABASES (sqlite,postgres),
// BENCH_SKIP_BUILD=1 to use the existing build, BENCH_POSTGRES_URL.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  generateCatalog,
  newSearchPath,
  peakMemoryMb,
  POSTGRES_URL,
  root,
  searchPath,
  SEARCHES,
  Shop,
  shopperWithCartLine,
  withPostgres,
  withSqlite,
} from './lib/bench-shop.mjs';
import { freePort } from './lib/free-port.mjs';
import { steadyLoad } from './lib/steady-load.mjs';

const reportFile = path.join(root, 'docs/performance.md');
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// The product page and cart are measured in this many rounds, each beside its own ceiling.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// New searches a second, over the same connections, in the row that shows a search's p99 below saturation.
const SEARCH_RATE = Number(process.env.BENCH_SEARCH_RATE ?? 500);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
for (const [name, value] of [
  ['BENCH_SECONDS', SECONDS],
  ['BENCH_ROUNDS', ROUNDS],
  ['BENCH_WARMUP_SECONDS', WARMUP_SECONDS],
  ['BENCH_CONNECTIONS', CONNECTIONS],
  ['BENCH_SEARCH_RATE', SEARCH_RATE],
  ...SIZES.map((s) => ['BENCH_SIZES', s]),
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be whole numbers from 1`);
    process.exit(2);
  }
}
if (DATABASES.some((d) => d !== 'sqlite' && d !== 'postgres')) {
  console.error('BENCH_DATABASES must list sqlite and/or postgres');
  process.exit(2);
}

// docs/performance.md: the product page and the cart at a share of the ceiling, by database.
const TARGETS = {
  searchP99Ms: 25,
  ceilingShare: { sqlite: 0.25, postgres: 0.2 },
  peakMemoryMb: 250,
  firstAnswerMs: 1500,
};
const SEARCH_REPEATED =
  'GET /api/get-products: search, category, sort, 24 a page (480 searches, repeated, after two warm-up passes)';
const SEARCH_NEW = 'GET /api/get-products: search, category, sort, 24 a page (every search new)';
const SEARCH_NEW_AT_RATE = `GET /api/get-products: every search new, ${SEARCH_RATE} a second, 20 a page`;
// ---------------------------------------------------------------- load

/** One measured row; `warm`: autocannon's warm-up first (see the top of this file). */
async function load(name, options, pid, { warm = true } = {}) {
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(warm && { warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS } }),
    ...options,
  });
  const peakSoFar = pid ? peakMemoryMb(pid) : undefined;
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
    statuses: Object.keys(result.statusCodeStats ?? {}).join(','),
    requests: result.requests.total,
    peakSoFar,
  };
}

/** The ceiling: node:http answering the product page's bytes, in its own process, until `stop()`. */
async function startCeiling(body) {
  const port = await freePort();
  const code = `
    const body = Buffer.from(process.env.BODY, 'base64');
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, BODY: Buffer.from(body).toString('base64') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return {
    load: (warm) =>
      load('node:http ceiling (product page bytes)', { url: `http://127.0.0.1:${port}/` }, undefined, {
        warm,
      }),
    stop: () => child.kill(),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The product page and the cart against the ceiling, in ROUNDS alternating
 * rounds (ceiling, product page, cart): the machine's speed moves within a run,
 * and one slow ceiling would make every share look better or worse than it is.
 * Each row keeps its median rate and the median of its shares of the ceiling
 * measured in the same round.
 */
async function againstCeiling(ceiling, endpoints) {
  const ceilings = [];
  const rounds = endpoints.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    ceilings.push(await ceiling.load(round === 0));
    for (const [i, endpoint] of endpoints.entries()) rounds[i].push(await endpoint(round === 0));
  }
  const rows = rounds.map((measured) => {
    const shares = measured.map((row, round) => row.rps / ceilings[round].rps);
    const middle = measured.find((row) => row.rps === median(measured.map((m) => m.rps)));
    return {
      ...middle,
      share: median(shares),
      failures: measured.reduce((sum, row) => sum + row.failures, 0),
      peakSoFar: Math.max(...measured.map((row) => row.peakSoFar ?? 0)),
    };
  });
  const middleCeiling = ceilings.find((c) => c.rps === median(ceilings.map((x) => x.rps)));
  return { ceiling: { ...middleCeiling, rounds: ceilings.map((c) => c.rps) }, rows };
}

/** What the shop's answers pay whatever its code does (scripts/lib/floor-server.mjs). */
const FLOOR_STEPS = {
  bare: 'a bare Fastify route',
  session: "with the shop's response headers, the cookie plugin and a session looked up in a Map",
  logged: "and with the shop's one log line per request",
};

/**
 * Fastify answering the product page's bytes from memory, in the three steps of
 * floor-server.mjs, each in its own process: the share of the ceiling left at each.
 */
async function measureFloors(productPage, cookie, logDir) {
  // Hop-by-hop and per-answer headers are the server's own; the rest are the shop's.
  const perAnswer = ['content-length', 'content-type', 'date', 'connection', 'keep-alive', 'x-request-id'];
  const headers = Object.fromEntries(
    Object.entries(productPage.headers).filter(([name]) => !perAnswer.includes(name)),
  );
  const floors = [];
  for (const [step, name] of Object.entries(FLOOR_STEPS)) {
    const port = await freePort();
    const log = openSync(path.join(logDir, `floor-${step}.log`), 'a');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/lib/floor-server.mjs'), step, String(port)],
      {
        env: {
          ...process.env,
          BODY: Buffer.from(productPage.text).toString('base64'),
          HEADERS: JSON.stringify(headers),
          SESSION: cookie.split('=')[1],
        },
        stdio: ['ignore', log, 'inherit', 'ipc'],
      },
    );
    await new Promise((resolve) => child.once('message', resolve));
    try {
      const floor = await load(name, {
        url: `http://127.0.0.1:${port}/api/get-product/x`,
        headers: { cookie, accept: 'application/json' },
      });
      if (floor.failures) throw new Error(`The floor server (${step}) failed ${floor.failures} requests`);
      floors.push(floor);
    } finally {
      child.kill();
      closeSync(log);
    }
  }
  return floors;
}

async function benchOne(database, size, dbEnv, state) {
  const label = `${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${size.toLocaleString('en-US')} products`;
  console.log(`\n== ${label}`);
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-log-'));
  console.log(generateCatalog(size, dbEnv));
  const shop = new Shop(dbEnv, path.join(logDir, 'shop.log'));
  // The first start migrates and marks the seed; the measured start finds an existing database.
  await shop.start();
  await shop.stop();
  const firstAnswerMs = await shop.start();
  try {
    const { email, password, cookie, product } = await shopperWithCartLine(shop);
    const productPage = await shop.call('GET', `/api/get-product/${product._id}`, undefined, cookie);

    const headers = { cookie, accept: 'application/json' };
    // autocannon takes the path inside `url`; `path` only inside `requests`.
    const at = (p) => `${shop.origin}${p}`;
    const post = { 'content-type': 'application/json', origin: shop.origin };
    const search = (name, pathOf, duration = SECONDS) => {
      let turn = 0;
      return load(
        name,
        {
          url: at('/'),
          headers,
          duration,
          requests: [{ setupRequest: (request) => ({ ...request, path: pathOf(turn++) }) }],
        },
        shop.child.pid,
        { warm: false },
      );
    };
    const rows = [
      // Shoppers repeat searches: 480 different ones (pages 1 to 5 of each of the SEARCHES) in a
      // shuffled order, so each instance has worked most of them out before.
      await (async () => {
        const repeated = (i) => {
          const n = (i * 7919) % 480;
          return searchPath(n, 1 + Math.floor(n / SEARCHES));
        };
        // Warm-up, not measured: each search twice, as the shop's earlier shoppers would have (the
        // page cache keeps a page from its second ask).
        for (let i = 0; i < 2 * 480; i += 1) await shop.call('GET', repeated(i % 480), undefined, cookie);
        return search(SEARCH_REPEATED, repeated);
      })(),
      // Every request a search no one made before: the search index's work and the page's rows.
      await (async () => {
        await search('new searches, warm-up', (i) => newSearchPath(i, 23), WARMUP_SECONDS);
        return search(SEARCH_NEW, newSearchPath);
      })(),
    ];
    // The same kind of search at a stated rate, below saturation, where a p99 is the time a shopper
    // waits rather than the queue of 50 connections: pages of 20, so none was asked in the row above,
    // after a second of pages of 21 (not measured) to open the connections.
    const atRate = (limit, seconds) =>
      steadyLoad({
        origin: shop.origin,
        headers,
        pathOf: (i) => newSearchPath(i, limit),
        rate: SEARCH_RATE,
        seconds,
        connections: CONNECTIONS,
      });
    await atRate(21, 1);
    const newAtRate = {
      name: SEARCH_NEW_AT_RATE,
      ...(await atRate(20, SECONDS)),
      peakSoFar: peakMemoryMb(shop.child.pid),
    };
    const ceiling = await startCeiling(productPage.text);
    let compared;
    try {
      // Once, in the first database and size, beside the first ceiling.
      if (!state.floors) {
        state.floorCeiling = await ceiling.load(true);
        state.floors = await measureFloors(productPage, cookie, logDir);
      }
      compared = await againstCeiling(ceiling, [
        (warm) =>
          load(
            'GET /api/get-product/:id',
            { url: at(`/api/get-product/${product._id}`), headers },
            shop.child.pid,
            {
              warm,
            },
          ),
        (warm) => load('GET /api/getCart', { url: at('/api/getCart'), headers }, shop.child.pid, { warm }),
      ]);
    } finally {
      ceiling.stop();
    }
    rows.push(
      ...compared.rows,
      await load(
        'POST /api/saveCart',
        {
          url: at('/api/saveCart'),
          method: 'POST',
          headers: { ...headers, ...post },
          body: JSON.stringify({ item: { _id: product._id }, quantity: 1 }),
        },
        shop.child.pid,
      ),
      await load(
        'POST /api/user/login',
        {
          url: at('/api/user/login'),
          method: 'POST',
          headers: post,
          body: JSON.stringify({ email, password }),
        },
        shop.child.pid,
      ),
    );
    const memoryMb = peakMemoryMb(shop.child.pid);
    for (const row of [...rows, newAtRate]) {
      console.log(
        `${row.name.padEnd(58)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  peak ${row.peakSoFar?.toFixed(0)} MB${row.failures ? `  ${row.failures} failed (status ${row.statuses})` : ''}`,
      );
    }
    console.log(
      `ceiling (node:http, product page bytes) ${compared.ceiling.rounds.map((r) => r.toFixed(0)).join(', ')} req/s in the ${ROUNDS} rounds; product page ${(compared.rows[0].share * 100).toFixed(0)} %, cart ${(compared.rows[1].share * 100).toFixed(0)} % of it (medians); peak memory ${memoryMb.toFixed(0)} MB, first answer ${firstAnswerMs.toFixed(0)} ms after start`,
    );
    return { label, database, size, rows, newAtRate, memoryMb, firstAnswerMs, ceiling: compared.ceiling };
  } finally {
    await shop.stop();
    await rm(logDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

const ms = (n) => `${n} ms`;
// A p99 "below saturation" means nothing if the shop did not keep up with the rate asked.
const atRateCell = (row) =>
  row.rps < 0.95 * SEARCH_RATE ? `${ms(row.p99)} (only ${row.rps.toFixed(0)}/s answered)` : ms(row.p99);

function report(results, floors, floorCeiling) {
  // One decimal, so a value just under a target never shows as the target itself.
  const share = (row) => `${(row.share * 100).toFixed(1)} %`;
  const lines = [
    START,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\`: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}, ${CONNECTIONS} connections, ${SECONDS} s per endpoint after ${WARMUP_SECONDS} s of warm-up (the searches: see scripts/bench.mjs). autocannon runs on the same machine. The product page and the cart are measured in ${ROUNDS} rounds, each beside the bare \`node:http\` ceiling measured just before it, in the same database and size: the table shows the median rates and the median of the rounds' shares.`,
    '',
    `| Database, products | ceiling req/s | product page | cart | search p99, repeated | search p99, new | search p99, new, ${SEARCH_RATE}/s | save cart | login req/s | peak memory | first answer |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => {
      const [repeated, fresh, product, cart, save, login] = r.rows;
      return `| ${r.label} | ${r.ceiling.rps.toFixed(0)} | ${product.rps.toFixed(0)} (${share(product)}) | ${cart.rps.toFixed(0)} (${share(cart)}) | ${ms(repeated.p99)} | ${ms(fresh.p99)} | ${atRateCell(r.newAtRate)} | ${save.rps.toFixed(0)} | ${login.rps.toFixed(0)} | ${r.memoryMb.toFixed(1)} MB | ${r.firstAnswerMs.toFixed(0)} ms |`;
    }),
    '',
    `Fastify answering the product page's bytes from memory (\`scripts/lib/floor-server.mjs\`), against a ceiling measured just before them (${floorCeiling.rps.toFixed(0)} req/s): ${floors.map((f) => `${f.name} ${((f.rps / floorCeiling.rps) * 100).toFixed(0)} %`).join('; ')}.`,
    '',
  ];
  const failures = results.flatMap((r) =>
    [...r.rows, r.newAtRate].filter((row) => row.failures).map((row) => `${r.label}: ${row.name}`),
  );
  if (failures.length) lines.push(`Requests failed: ${failures.join('; ')}.`, '');
  const missed = [];
  for (const r of results) {
    const wanted = TARGETS.ceilingShare[r.database];
    for (const row of r.rows.slice(2, 4))
      if (row.share < wanted) missed.push(`${r.label}: ${row.name} ${share(row)}, under ${wanted * 100} %`);
    if (r.size >= 100_000)
      for (const row of r.rows.slice(0, 2))
        if (row.p99 >= TARGETS.searchP99Ms) missed.push(`${r.label}: ${row.name} p99 ${row.p99} ms`);
    if (r.memoryMb >= TARGETS.peakMemoryMb)
      missed.push(`${r.label}: peak memory ${r.memoryMb.toFixed(1)} MB`);
    if (r.firstAnswerMs >= TARGETS.firstAnswerMs)
      missed.push(`${r.label}: first answer ${r.firstAnswerMs.toFixed(0)} ms`);
  }
  lines.push(missed.length ? `Targets missed: ${missed.join('; ')}.` : 'Every target met.', '', END);
  return lines.join('\n');
}

async function writeReport(section) {
  let text;
  try {
    text = await readFile(reportFile, 'utf8');
  } catch {
    text = '# Performance\n';
  }
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const heading = '## Server benchmark (npm run bench)';
  if (start !== -1 && end > start) {
    text = text.slice(0, start) + section + text.slice(end + END.length);
  } else {
    text = `${text.trimEnd()}\n\n${heading}\n\n${section}\n`;
  }
  await writeFile(reportFile, text);
}

// ---------------------------------------------------------------- main

if (!process.env.BENCH_SKIP_BUILD) {
  console.log('Building for production…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const state = {};
const results = [];
for (const database of DATABASES) {
  for (const size of SIZES) {
    const withDatabase = database === 'sqlite' ? withSqlite : (fn) => withPostgres(POSTGRES_URL, fn);
    results.push(await withDatabase((dbEnv) => benchOne(database, size, dbEnv, state)));
  }
}
console.log('');
for (const r of results) {
  const [product, cart] = [r.rows[2], r.rows[3]].map((row) => (row.share * 100).toFixed(0));
  console.log(
    `${r.label}: ceiling ${r.ceiling.rps.toFixed(0)} req/s (median); product page ${product} %, cart ${cart} % of it (median of the rounds' shares)`,
  );
}
for (const floor of state.floors) {
  console.log(
    `floor, ${floor.name}: ${floor.rps.toFixed(0)} req/s (${((floor.rps / state.floorCeiling.rps) * 100).toFixed(0)} % of the ceiling measured before the floors)`,
  );
}
await writeReport(report(results, state.floors, state.floorCeiling));
console.log(`Written to ${path.relative(root, reportFile)}`);
