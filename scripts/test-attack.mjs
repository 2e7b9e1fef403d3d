// Runs the attack suite against the production build (npm run build first),
// on SQLite, then on PostgreSQL. Without a reachable PostgreSQL the second
// half is skipped with one loud line, unless REQUIRE_POSTGRES=1 (CI), where
// that fails the run.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const url = new URL(process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const required = process.env.REQUIRE_POSTGRES === '1';
const extraArgs = process.argv.slice(2);

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port), timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

function vitest(db) {
  console.log(`\n=== Attack tests on ${db} (production build) ===`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'attack', ...extraArgs], {
    stdio: 'inherit',
    env: { ...process.env, ATTACK_DB: db },
  });
  return result.status ?? 1;
}

if (vitest('sqlite') !== 0) process.exit(1);

if (!(await reachable(url.hostname, url.port || '5432'))) {
  if (required) {
    console.error(`\nREQUIRE_POSTGRES=1 but PostgreSQL at ${url.host} is not reachable: failing.`);
    process.exit(1);
  }
  console.warn(
    `\n!!!!! SKIPPING the PostgreSQL half of the attack tests: no server at ${url.host} (set REQUIRE_POSTGRES=1 to make this fail) !!!!!\n`,
  );
  process.exit(0);
}
process.exit(vitest('postgres'));
