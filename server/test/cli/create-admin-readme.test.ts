import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { loginAs } from '../helpers/users.js';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const EMAIL = 'owner@example.com';
const PASSWORD = 'a-long-secret';
const README_COMMAND = `npm run create-admin -- --email ${EMAIL} --password '${PASSWORD}' --name Owner`;

/** A fresh shell's environment: none of the settings or npm state the test run itself has. */
function newcomerEnv(settings: Record<string, string> = {}) {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key.startsWith('npm_')) continue;
    if (['DATA_DIR', 'UPLOAD_DIR', 'DATABASE_URL', 'INIT_CWD'].includes(key)) continue;
    env[key] = value;
  }
  return { ...env, ...settings };
}

const runReadmeCommand = (settings?: Record<string, string>) =>
  run('sh', ['-c', README_COMMAND], { cwd: repoRoot, env: newcomerEnv(settings) });

async function canUseAdminPages(app: TestApp['app']) {
  const user = { name: 'Owner', email: EMAIL, password: PASSWORD, confiremPassword: PASSWORD };
  const { cookies } = await loginAs(app, user, { register: false });
  const res = await app.inject({ method: 'GET', url: '/api/admin/orders', cookies });
  return res.statusCode;
}

it("the README's command is the one tested here", () => {
  expect(fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8')).toContain(README_COMMAND);
});

/**
 * The README's exact command, typed at the repository root with nothing set,
 * writes the database `npm start` opens: ./data/shop.db. It runs on that real
 * folder, so the test puts back what it found (a developer's shop keeps its
 * owner account; a fresh clone keeps no ./data) and logs in on a copy.
 */
// Each database's run defines only its own half, so neither run counts a skipped test.
if (testDbKind === 'sqlite')
  describe('npm run create-admin from the README, nothing set', () => {
    const dataDir = path.join(repoRoot, 'data');
    const dbFile = path.join(dataDir, 'shop.db');
    const strayFile = path.join(repoRoot, 'server', 'data', 'shop.db');
    const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-readme-admin-'));
    let before: { dataDir: boolean; dbFile: boolean; strayFile: boolean; owner: unknown };
    let t: TestApp | undefined;

    beforeAll(async () => {
      before = {
        dataDir: fs.existsSync(dataDir),
        dbFile: fs.existsSync(dbFile),
        strayFile: fs.existsSync(strayFile),
        owner: undefined,
      };
      if (before.dbFile) before.owner = await withDb((db) => ownerRow(db));
    });

    afterAll(async () => {
      await t?.close();
      fs.rmSync(copyDir, { recursive: true, force: true });
      if (!before.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      else if (!before.dbFile)
        for (const end of ['', '-wal', '-shm']) fs.rmSync(dbFile + end, { force: true });
      else await withDb((db) => putBackOwner(db, before.owner as OwnerRow | undefined));
    });

    it('writes ./data/shop.db, says so, and the admin can log in to the shop on it', async () => {
      const { stdout } = await runReadmeCommand();
      expect(stdout).toContain(`Wrote to SQLite database ${dbFile}`);
      expect(fs.existsSync(strayFile)).toBe(before.strayFile);

      await withDb((db) => db.backup(path.join(copyDir, 'shop.db')));
      t = await createTestApp({ DATA_DIR: copyDir, DATABASE_URL: '' });
      expect(await canUseAdminPages(t.app)).toBe(200);
    }, 60_000);

    type OwnerRow = { password_hash: string; is_admin: number };

    function ownerRow(db: SqliteDatabase.Database): OwnerRow | undefined {
      const hasUsers = db
        .prepare("select 1 from sqlite_master where type = 'table' and name = 'users'")
        .get();
      if (!hasUsers) return undefined;
      return db.prepare('select password_hash, is_admin from users where email = ?').get(EMAIL) as
        OwnerRow | undefined;
    }

    function putBackOwner(db: SqliteDatabase.Database, owner: OwnerRow | undefined) {
      if (owner) {
        db.prepare('update users set password_hash = ?, is_admin = ? where email = ?').run(
          owner.password_hash,
          owner.is_admin,
          EMAIL,
        );
      } else {
        db.prepare('delete from users where email = ?').run(EMAIL);
      }
    }

    async function withDb<T>(use: (db: SqliteDatabase.Database) => T | Promise<T>): Promise<T> {
      const db = new SqliteDatabase(dbFile);
      try {
        return await use(db);
      } finally {
        db.close();
      }
    }
  });

if (testDbKind === 'postgres')
  describe('npm run create-admin from the README, DATABASE_URL set', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('writes that database, names it without a password, and the admin can log in', async () => {
      const url = t.database.databaseUrl!;
      const shown = new URL(url);
      shown.password = '';
      const { stdout } = await runReadmeCommand({ DATABASE_URL: url });
      expect(stdout).toContain(`Wrote to PostgreSQL database ${shown.toString()}`);
      const password = new URL(url).password;
      if (password) expect(stdout).not.toContain(password);
      expect(await canUseAdminPages(t.app)).toBe(200);
    }, 60_000);
  });
