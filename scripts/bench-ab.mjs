// npm run bench:ab -- server/dist-a server/dist-b: two builds of the server (or one build
// with two settings) side by side, in short interleaved rounds, so that both meet the
// same machine. On this machine identical runs of npm run bench move by 10-30 %: a
// change worth 10 % is lost in that, while rounds that alternate A and B within seconds
// see the same slow or fast stretch. Each side has its own database with the same
// generated catalog, one shopper and a cart line. Prints, per endpoint, the median
// requests per second and the median processor time per answer (the server process's
// user and system time over a round, divided by its answers), then every round.
//
// A build to compare is a copy of server/dist beside it, so it finds the server's
// dependencies: `npm run build -w server && cp -r server/dist server/dist-a`.
//
// Settings (environment): BENCH_AB_ROUNDS (8), BENCH_AB_SECONDS (2 per round),
// BENCH_AB_CONNECTIONS (50), BENCH_AB_SIZE (10000 products), BENCH_AB_DATABASE
// (sqlite or postgres), BENCH_AB_ENDPOINTS (product,cart,search; also new-search, which needs
// BENCH_AB_SIZE=100000: at 10,000 products most of its pages are past the end),
// BENCH_AB_ENV_A and BENCH_AB_ENV_B (JSON: settings for one side, e.g.
// '{"LOG_LEVEL":"warn"}' to compare a setting on one build; BENCH_SERVER_FLAGS there
// adds Node flags to that side: '{"BENCH_SERVER_FLAGS":"--max-semi-space-size=16"}').
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  generateCatalog,
  newSearchPath,
  POSTGRES_URL,
  root,
  searchPath,
  Shop,
  shopperWithCartLine,
  withPostgres,
  withSqlite,
} from './lib/bench-shop.mjs';

const [distA, distB] = process.argv.slice(2).map((dir) => path.resolve(dir));
if (!distA || !distB || ![distA, distB].every((dir) => existsSync(path.join(dir, 'main.js')))) {
  console.error('usage: npm run bench:ab -- <server build A> <server build B> (folders holding main.js)');
  process.exit(2);
}
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 8);
const SECONDS = Number(process.env.BENCH_AB_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_AB_CONNECTIONS ?? 50);
const SIZE = Number(process.env.BENCH_AB_SIZE ?? 10000);
const DATABASE = process.env.BENCH_AB_DATABASE ?? 'sqlite';
const ENDPOINTS = (process.env.BENCH_AB_ENDPOINTS ?? 'product,cart,search').split(',');
const settings = (name) => JSON.parse(process.env[name] ?? '{}');
const PATHS = {
  product: (s) => `/api/get-product/${s.productId}`,
  cart: () => '/api/getCart',
  // 'steel' in fashion, high to low, the first page.
  search: () => searchPath(40, 1),
  // Each request a page no one asked for before, on from where the side's last round stopped.
  'new-search': (side) => newSearchPath(side.newSearches++),
};
// Asked anew for each request; the others are one path a round, which autocannon builds once.
const PER_REQUEST = new Set(['new-search']);
for (const [name, value] of [
  ['BENCH_AB_ROUNDS', ROUNDS],
  ['BENCH_AB_SECONDS', SECONDS],
  ['BENCH_AB_CONNECTIONS', CONNECTIONS],
  ['BENCH_AB_SIZE', SIZE],
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number from 1`);
    process.exit(2);
  }
}
if (!['sqlite', 'postgres'].includes(DATABASE) || ENDPOINTS.some((e) => !(e in PATHS))) {
  console.error(
    'BENCH_AB_DATABASE is sqlite or postgres; BENCH_AB_ENDPOINTS lists product, cart, search, new-search',
  );
  process.exit(2);
}

/** The process's user and system time so far, in microseconds. */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

async function startSide(label, dist, dbEnv, logDir) {
  generateCatalog(SIZE, dbEnv, dist);
  const shop = new Shop(
    { ...dbEnv, ...settings(`BENCH_AB_ENV_${label}`) },
    path.join(logDir, `${label}.log`),
    dist,
  );
  await shop.start();
  const { cookie, product } = await shopperWithCartLine(shop);
  return { label, shop, cookie, productId: product._id, newSearches: 0 };
}

async function round(side, endpoint) {
  const before = cpuMicros(side.shop.child.pid);
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie: side.cookie, accept: 'application/json' },
    ...(PER_REQUEST.has(endpoint)
      ? {
          url: side.shop.origin + '/',
          requests: [{ setupRequest: (request) => ({ ...request, path: PATHS[endpoint](side) }) }],
        }
      : { url: side.shop.origin + PATHS[endpoint](side) }),
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${side.label} ${endpoint}: ${failed} answers failed`);
  return {
    rps: result.requests.total / SECONDS,
    cpu: (cpuMicros(side.shop.child.pid) - before) / result.requests.total,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const withDatabase = DATABASE === 'sqlite' ? withSqlite : (fn) => withPostgres(POSTGRES_URL, fn);
const logDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-ab-'));
try {
  await withDatabase((envA) =>
    withDatabase(async (envB) => {
      const sides = [await startSide('A', distA, envA, logDir), await startSide('B', distB, envB, logDir)];
      const results = new Map();
      try {
        for (let i = 0; i < ROUNDS; i += 1) {
          // A before B in even rounds, B before A in odd ones: neither always goes first.
          for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
            for (const endpoint of ENDPOINTS) {
              const key = `${endpoint} ${side.label}`;
              results.set(key, [...(results.get(key) ?? []), await round(side, endpoint)]);
            }
          }
        }
      } finally {
        for (const side of sides) await side.shop.stop();
      }
      console.log(
        `\nA = ${path.relative(root, distA)} ${process.env.BENCH_AB_ENV_A ?? ''}\nB = ${path.relative(root, distB)} ${process.env.BENCH_AB_ENV_B ?? ''}`,
      );
      console.log(
        `${DATABASE}, ${SIZE} products, ${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections; medians:\n`,
      );
      for (const endpoint of ENDPOINTS) {
        const [a, b] = ['A', 'B'].map((label) => results.get(`${endpoint} ${label}`));
        const [rpsA, rpsB] = [median(a.map((r) => r.rps)), median(b.map((r) => r.rps))];
        const [cpuA, cpuB] = [median(a.map((r) => r.cpu)), median(b.map((r) => r.cpu))];
        console.log(
          `${endpoint.padEnd(10)} req/s A ${rpsA.toFixed(0).padStart(6)}  B ${rpsB.toFixed(0).padStart(6)}  B/A ${(rpsB / rpsA).toFixed(2)}   CPU µs per answer A ${cpuA.toFixed(0).padStart(4)}  B ${cpuB.toFixed(0).padStart(4)}  B/A ${(cpuB / cpuA).toFixed(2)}`,
        );
        for (const [label, rows] of [
          ['A', a],
          ['B', b],
        ]) {
          console.log(`           ${label} rounds req/s: ${rows.map((r) => r.rps.toFixed(0)).join(' ')}`);
        }
      }
    }),
  );
} finally {
  await rm(logDir, { recursive: true, force: true });
}
