import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/databases.js';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../node_modules/.bin/tsx');

/**
 * The server's start (src/main.ts, as `npm start` runs its build) with one setting wrong: it must
 * exit 1 with a message naming that setting, never say it is open.
 */
describe(`a start with a wrong setting (${testDbKind})`, { timeout: 90_000 }, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  async function startFails(env: Record<string, string>): Promise<string> {
    const settings = {
      ...process.env,
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      PUBLIC_URL: 'http://shop.test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    };
    // A start that wrongly succeeds runs until the timeout stops it (tsx then exits 0 or by the signal).
    const outcome = await run(tsx, ['src/main.ts'], { cwd: serverDir, env: settings, timeout: 30_000 }).then(
      ({ stdout, stderr }) => ({ code: 0, killed: true, stdout, stderr }),
      (error: { code: number; killed: boolean; stdout: string; stderr: string }) => error,
    );
    expect(outcome.killed, `still running after 30 s:\n${outcome.stdout}`).toBe(false);
    expect(outcome.code, outcome.stderr).toBe(1);
    expect(outcome.stdout).not.toContain('the shop is open');
    return outcome.stderr;
  }

  it('says PORT is in use by another program', async () => {
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as net.AddressInfo;
    try {
      expect(await startFails({ PORT: String(port) })).toContain(
        `PORT ${port} is already in use by another program`,
      );
    } finally {
      other.close();
    }
  });

  it('says HOST is not an address of this machine', async () => {
    expect(await startFails({ HOST: 'bogus.invalid' })).toContain(
      'HOST bogus.invalid is not an address of this machine',
    );
  });

  it('says WEB_DIST holds no built web app', async () => {
    expect(await startFails({ WEB_DIST: '/nonexistent/web' })).toContain(
      'WEB_DIST: /nonexistent/web holds no built web app (no index.html)',
    );
  });

  it.skipIf(testDbKind !== 'sqlite')(
    'names DATA_DIR and the file when the SQLite database cannot be opened',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
      try {
        // A folder where the database file should be: SQLite cannot open it.
        fs.mkdirSync(path.join(dataDir, 'shop.db'));
        expect(await startFails({ DATA_DIR: dataDir })).toContain(
          `The SQLite database ${path.join(dataDir, 'shop.db')} in DATA_DIR ${dataDir} could not be opened`,
        );
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
