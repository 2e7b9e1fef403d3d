// npm run bench:rebuild: how the in-process search index gets rebuilt while
// the shop is saturated. The production build on SQLite and on PostgreSQL with
// a generated catalog; 50 connections ask catalog pages no one asked before
// (npm run bench's "every search new"); a few seconds in, a product is renamed
// by hand in SQL, which moves the catalog version. Until the index is rebuilt
// every new search goes to the database. Prints the rebuild time (from the
// shop's `catalog search index built` log line), the throughput and latency
// second by second, and writes a table to docs/performance.md.
//
// Settings (environment): BENCH_REBUILD_SIZE (100000), BENCH_CONNECTIONS (50),
// BENCH_DATABASES (sqlite,postgres), BENCH_SKIP_BUILD=1, BENCH_POSTGRES_URL.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  generateCatalog,
  newSearchPath,
  newShopper,
  POSTGRES_URL,
  root,
  Shop,
  sleep,
  withPostgres,
  withSqlite,
} from './lib/bench-shop.mjs';

const SIZE = Number(process.env.BENCH_REBUILD_SIZE ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const RUN_SECONDS = 16;
const CHANGE_AT_MS = 4_000;
// The shop rebuilds at most this often (search-index.ts): the measured change must not wait for it.
const REBUILD_SPACING_MS = 10_000;
const reportFile = path.join(root, 'docs/performance.md');
const START = '<!-- rebuild:start -->';
const END = '<!-- rebuild:end -->';
const serverRequire = createRequire(path.join(root, 'server/package.json'));

if (!Number.isInteger(SIZE) || SIZE < 1 || !Number.isInteger(CONNECTIONS) || CONNECTIONS < 1) {
  console.error('BENCH_REBUILD_SIZE and BENCH_CONNECTIONS must be whole numbers from 1');
  process.exit(2);
}
if (DATABASES.some((d) => d !== 'sqlite' && d !== 'postgres')) {
  console.error('BENCH_DATABASES must list sqlite and/or postgres');
  process.exit(2);
}

/** The shop's `catalog search index built` log lines: when, how many products, how long. */
function builds(logFile) {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"catalog search index built"'))
    .map((line) => JSON.parse(line))
    .map(({ time, products, ms }) => ({ at: time, products, ms }));
}

/** The last lines of the shop's log, for an error (the log's folder goes when the run ends). */
const logTail = (logFile) => readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');

/** The index build logged after the first search, waited for at most a minute. */
async function firstBuild(shop, logFile) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = builds(logFile);
    if (found.length > 0) return found;
    if (shop.child.exitCode !== null) throw new Error(`The shop exited. Its log ends:\n${logTail(logFile)}`);
    if (Date.now() > deadline) {
      throw new Error(
        `No "catalog search index built" line within a minute (LOG_LEVEL must be info). The log ends:
${logTail(logFile)}`,
      );
    }
    await sleep(50);
  }
}

/** Renames one product in SQL, as an owner might by hand: the catalog version moves. */
async function renameAProduct(dbEnv) {
  const sql = "update products set name = name || ' (renamed)' where id = (select min(id) from products)";
  if (dbEnv.DATABASE_URL) {
    const client = new (serverRequire('pg').Client)({ connectionString: dbEnv.DATABASE_URL });
    await client.connect();
    await client.query(sql);
    await client.end();
    return;
  }
  const Database = serverRequire('better-sqlite3');
  const db = new Database(path.join(dbEnv.DATA_DIR, 'shop.db'));
  db.pragma('busy_timeout = 5000');
  db.prepare(sql).run();
  db.close();
}

async function rebuildUnderLoad(database, dbEnv) {
  const label = database === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  console.log(`\n== ${label}, ${SIZE.toLocaleString('en-US')} products`);
  console.log(generateCatalog(SIZE, dbEnv));
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'shop-rebuild-log-'));
  const logFile = path.join(logDir, 'shop.log');
  const shop = new Shop(dbEnv, logFile);
  await shop.start();
  try {
    const { cookie } = await newShopper(shop);
    await shop.call('GET', newSearchPath(0), undefined, cookie);
    const [idle] = await firstBuild(shop, logFile);
    await sleep(REBUILD_SPACING_MS);

    let turn = 0;
    const started = Date.now();
    const seconds = [];
    const run = autocannon({
      url: `${shop.origin}/`,
      connections: CONNECTIONS,
      duration: RUN_SECONDS,
      headers: { cookie, accept: 'application/json' },
      requests: [{ setupRequest: (request) => ({ ...request, path: newSearchPath(turn++) }) }],
    });
    run.on('response', (_client, _status, _bytes, latencyMs) => {
      const second = Math.floor((Date.now() - started) / 1000);
      (seconds[second] ??= []).push(latencyMs);
    });
    let changedAt;
    const change = sleep(CHANGE_AT_MS).then(() => {
      changedAt = Date.now();
      return renameAProduct(dbEnv);
    });
    // A failed rename is thrown below, once the load has ended, so the shop and its database go.
    change.catch(() => {});
    const result = await run;
    await change;
    const rebuilt = builds(logFile).find((build) => build.at > changedAt);
    // A second with no answer at all is a hole in the array: it counts, as a stall.
    const bySecond = Array.from(seconds, (latencies = []) => {
      latencies.sort((a, b) => a - b);
      return { answers: latencies.length, p50: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0) };
    });
    const row = {
      label,
      idleMs: idle.ms,
      rebuildMs: rebuilt?.ms,
      currentAfterMs: rebuilt ? rebuilt.at - changedAt : undefined,
      rps: result.requests.average,
      p99: result.latency.p99,
      worstP50: Math.max(...bySecond.map((s) => s.p50)),
      failures: result.non2xx + result.errors + result.timeouts,
    };
    console.log(
      `index built idle in ${row.idleMs} ms; after the change at ${CHANGE_AT_MS / 1000} s, rebuilt in ${row.rebuildMs ?? '(not within the run)'} ms, current again ${row.currentAfterMs ?? '-'} ms after the change`,
    );
    console.log(`${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms, ${row.failures} failed`);
    console.log(bySecond.map((s, i) => `${i}s: ${s.answers} answers, p50 ${s.p50} ms`).join('\n'));
    return row;
  } finally {
    await shop.stop();
    await rm(logDir, { recursive: true, force: true });
  }
}

function report(rows) {
  const ms = (n) => (n === undefined ? 'not within the run' : `${n} ms`);
  return [
    START,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:rebuild\`: ${SIZE.toLocaleString('en-US')} products, ${CONNECTIONS} connections asking new catalog pages for ${RUN_SECONDS} s, a product renamed in SQL ${CHANGE_AT_MS / 1000} s in. ${os.cpus().length} cores, Node ${process.version}.`,
    '',
    '| Database | Build, before the load | Rebuild under the load | Index current again after the change | req/s over the run | p99 | Slowest second, p50 | Failed |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${ms(r.idleMs)} | ${ms(r.rebuildMs)} | ${ms(r.currentAfterMs)} | ${r.rps.toFixed(0)} | ${r.p99} ms | ${r.worstP50} ms | ${r.failures} |`,
    ),
    '',
    END,
  ].join('\n');
}

async function writeReport(section) {
  const text = await readFile(reportFile, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const next =
    start !== -1 && end > start
      ? text.slice(0, start) + section + text.slice(end + END.length)
      : `${text.trimEnd()}\n\n## Search index rebuild under load (npm run bench:rebuild)\n\n${section}\n`;
  await writeFile(reportFile, next);
}

if (!process.env.BENCH_SKIP_BUILD) {
  console.log('Building for production…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const rows = [];
for (const database of DATABASES) {
  const withDatabase = database === 'sqlite' ? withSqlite : (fn) => withPostgres(POSTGRES_URL, fn);
  rows.push(await withDatabase((dbEnv) => rebuildUnderLoad(database, dbEnv)));
}
await writeReport(report(rows));
console.log(`\nWritten to ${path.relative(root, reportFile)}`);
