// Runs a vitest project on SQLite, then on PostgreSQL. Without a reachable
// PostgreSQL the second half is skipped with one loud line, unless
// REQUIRE_POSTGRES=1 (CI), where that fails the run.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port), timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/**
 * `envVar` tells the tests which database to use; each of `more` (a title, its
 * environment and vitest arguments) runs after the whole project on each
 * database. Answers the process exit code.
 */
export async function runOnBothDatabases({ title, project, envVar, args = [], more = [] }) {
  const once = (db, name, env, runArgs) => {
    console.log(`\n=== ${name} on ${db} ===`);
    const result = spawnSync('npx', ['vitest', 'run', '--project', project, ...runArgs], {
      stdio: 'inherit',
      env: { ...process.env, ...env, [envVar]: db },
    });
    return result.status ?? 1;
  };
  const run = (db) => {
    if (once(db, title, {}, args) !== 0) return 1;
    for (const extra of more) if (once(db, extra.title, extra.env, extra.args) !== 0) return 1;
    return 0;
  };

  if (run('sqlite') !== 0) return 1;
  const url = new URL(process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  if (!(await reachable(url.hostname, url.port || '5432'))) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      console.error(`\nREQUIRE_POSTGRES=1 but PostgreSQL at ${url.host} is not reachable: failing.`);
      return 1;
    }
    console.warn(
      `\n!!!!! SKIPPING the PostgreSQL half of the ${title}: no server at ${url.host} (set REQUIRE_POSTGRES=1 to make this fail) !!!!!\n`,
    );
    return 0;
  }
  return run('postgres');
}
