import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { TABLES } from '../../src/db/tables.js';
import { foldStockChanges } from '../../src/modules/products/catalog-versions.js';
import { addProduct, auditOf, call, loginAsAdmin, validProduct } from '../helpers/admin.js';
import { addToCart, buyCart, cartOf, customer, getOrders } from '../helpers/checkout.js';
import { createPostgresDatabase, postgresAdminStatement, postgresAdminUrl } from '../helpers/databases.js';
import { postReview, productOf } from '../helpers/products.js';
import { getUser, login } from '../helpers/requests.js';

/**
 * The move from an embedded SQLite shop to PostgreSQL. It always needs both,
 * whatever TEST_DB says: the source is a SQLite shop in a temporary DATA_DIR,
 * the target a fresh database on the shared PostgreSQL (dropped afterwards).
 */
const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../node_modules/.bin/tsx');

function startShop(env: Record<string, string>): Promise<App> {
  return build({
    config: loadConfig({
      PUBLIC_URL: 'http://shop.test',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ...env,
    }),
    logger: false,
    serveWeb: false,
  });
}

/** Every row of every table, as JSON text, in a stable order. */
async function dump(db: Db) {
  const tables: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    tables[table] = rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();
  }
  return tables;
}

describe('npm run migrate-to-postgres (SQLite shop into a new PostgreSQL database)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrate-src-'));
  const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrate-dst-'));
  const targetName = `shop_migrate_${randomBytes(6).toString('hex')}`;
  const targetUrl = Object.assign(new URL(postgresAdminUrl), { pathname: `/${targetName}` }).toString();

  let admin: { sid: string };
  let buyer: { sid: string; user: { email: string; password: string } };
  let productId: string;
  let before: {
    rows: Record<string, string[]>;
    user: unknown;
    orders: unknown;
    cart: unknown;
    product: unknown;
    audit: unknown;
  };
  let target: App | undefined;

  function migrate(args: string[], settings: Record<string, string> = { DATA_DIR: dataDir }) {
    const env = { ...process.env, DATABASE_URL: '', UPLOAD_DIR: '', ...settings };
    return run(tsx, ['src/cli/migrate-to-postgres.ts', ...args], { cwd: serverDir, env });
  }

  beforeAll(async () => {
    await postgresAdminStatement(`CREATE DATABASE ${targetName}`);

    // A SQLite shop with a bit of everything, made through the API.
    const source = await startShop({ DATA_DIR: dataDir });
    try {
      admin = await loginAsAdmin(source);
      const added = await addProduct(source, admin.sid, validProduct({ price: 1499.5, countInStock: 12 }));
      expect(added.statusCode).toBe(201);
      productId = (added.json() as { product: { _id: string } }).product._id;
      buyer = await customer(source);
      await addToCart(source, buyer.sid, productId, 2);
      await buyCart(source, buyer.sid);
      const reviewed = await postReview(source, buyer.sid, {
        productId,
        rating: 4.5,
        comment: 'Bright and warm, as promised.',
      });
      expect(reviewed.statusCode).toBeLessThan(300);
      await addToCart(source, buyer.sid, productId, 3);

      before = {
        rows: {},
        user: (await getUser(source, buyer.sid)).json(),
        orders: (await getOrders(source, buyer.sid)).json(),
        cart: await cartOf(source, buyer.sid),
        product: await productOf(source, buyer.sid, productId),
        audit: await auditOf(source, admin.sid),
      };
    } finally {
      await source.close();
    }
    // Read after the shop closed: its mail outbox may have sent (and marked) a mail meanwhile.
    const { db } = createDb({ dataDir });
    try {
      before.rows = await dump(db);
    } finally {
      await db.destroy();
    }
  });

  afterAll(async () => {
    await target?.close();
    await postgresAdminStatement(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(targetDir, { recursive: true, force: true });
  });

  it('copies every table in one go, prints the counts and says to copy the uploads beside --from', async () => {
    // No DATA_DIR: the uploads to copy are the --from shop's, not those of this checkout's data/.
    const { stdout } = await migrate(['--from', path.join(dataDir, 'shop.db'), '--to', targetUrl], {
      DATA_DIR: '',
    });
    for (const table of TABLES) {
      expect(stdout).toMatch(new RegExp(`\\b${table}\\s+${before.rows[table]!.length} rows`));
    }
    expect(stdout).toContain('Row counts match');
    expect(stdout).toContain(`UPLOAD_DIR (here ${path.join(dataDir, 'uploads')})`);
    expect(before.rows.orders).toHaveLength(1);
    expect(before.rows.reviews).toHaveLength(1);
    expect(before.rows.cart_lines).toHaveLength(1);
  });

  it('leaves PostgreSQL with exactly the same rows', async () => {
    target = await startShop({ DATA_DIR: targetDir, DATABASE_URL: targetUrl });
    expect(target.ctx.dbKind).toBe('postgres');
    expect(await dump(target.ctx.db)).toEqual(before.rows);
  });

  it('serves the same shop: sessions, password, orders, cart, product, reviews and audit', async () => {
    const app = target!;
    // The old cookie still works: sessions moved with the data.
    const user = await getUser(app, buyer.sid);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual(before.user);
    // The same password logs in.
    expect((await login(app, buyer.user)).statusCode).toBe(200);
    expect((await getOrders(app, buyer.sid)).json()).toEqual(before.orders);
    expect(await cartOf(app, buyer.sid)).toEqual(before.cart);
    const product = await productOf(app, buyer.sid, productId);
    expect(product).toEqual(before.product);
    expect(product.product).toMatchObject({ price: 1499.5, countInStock: 10, numReviews: 1, rating: 4.5 });
    expect(await auditOf(app, admin.sid)).toEqual(before.audit);
    // And it keeps working as a shop: the admin still is one.
    expect((await call(app, 'GET', '/api/admin/audit', admin.sid)).statusCode).toBe(200);
  });

  it('refuses a second run, because the target is no longer empty, and changes nothing', async () => {
    // The running target folds its stock change rows into app_settings every 10 s: fold them now,
    // so that timer has nothing left to write while the command runs.
    await foldStockChanges(target!.ctx.db, target!.ctx.dbKind);
    const rows = await dump(target!.ctx.db);
    const second = migrate(['--to', targetUrl]);
    await expect(second).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('The target PostgreSQL database is not empty'),
    });
    expect(await dump(target!.ctx.db)).toEqual(rows);
  });

  it('rolls everything back and exits 1 when PostgreSQL rejects a row of a table copied late', async () => {
    // A copy of the shop whose last table holds a row SQLite took and PostgreSQL will not:
    // text in the integer column mail_outbox.attempts (SQLite keeps it as text).
    const brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrate-broken-'));
    const brokenFile = path.join(brokenDir, 'shop.db');
    const empty = await createPostgresDatabase('shop_migrate_broken');
    const { db: check } = createDb({ databaseUrl: empty.url, dataDir: brokenDir });
    try {
      const sqlite = new SqliteDatabase(path.join(dataDir, 'shop.db'), { fileMustExist: true });
      try {
        sqlite.prepare('vacuum into ?').run(brokenFile);
      } finally {
        sqlite.close();
      }
      const broken = new SqliteDatabase(brokenFile, { fileMustExist: true });
      try {
        broken
          .prepare(
            'insert into mail_outbox (id, to_address, subject, body, attempts, next_attempt_at, created_at) ' +
              "values ('broken-mail', 'a@shop.test', 'Hello', 'Body', 'three', ?, ?)",
          )
          .run(new Date().toISOString(), new Date().toISOString());
        expect(
          broken.prepare('select typeof(attempts) from mail_outbox where id = ?').pluck().get('broken-mail'),
        ).toBe('text');
      } finally {
        broken.close();
      }
      // The target as the command finds it: migrated, with only the migrations' settings.
      await migrateToLatest(check);
      const untouched = await dump(check);
      expect(
        Object.entries(untouched)
          .filter(([, rows]) => rows.length > 0)
          .map(([t]) => t),
      ).toEqual(['app_settings']);

      const failure = await migrate(['--from', brokenFile, '--to', empty.url]).then(
        () => 'it succeeded',
        (error: unknown) => error as { code: number; stdout: string; stderr: string },
      );
      expect(failure).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('invalid input syntax for type integer: "three"'),
      });
      const { stdout } = failure as { stdout: string };
      // It failed part-way: the tables before mail_outbox had been sent...
      expect(before.rows.users!.length).toBeGreaterThan(0);
      expect(before.rows.audit_log!.length).toBeGreaterThan(0);
      expect(stdout).toMatch(new RegExp(`\\busers\\s+${before.rows.users!.length} rows`));
      expect(stdout).toMatch(new RegExp(`\\baudit_log\\s+${before.rows.audit_log!.length} rows`));
      expect(stdout).not.toContain('Row counts match');
      // ...and none of them stayed: every table is as it was before the run.
      const after = await dump(check);
      for (const table of TABLES) {
        if (table !== 'app_settings') expect(after[table], table).toEqual([]);
      }
      expect(after).toEqual(untouched);
    } finally {
      await check.destroy();
      await empty.drop();
      fs.rmSync(brokenDir, { recursive: true, force: true });
    }
  });

  it('refuses without a target or without a source', async () => {
    await expect(migrate([])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No target'),
    });
    await expect(
      migrate(['--from', path.join(targetDir, 'missing', 'shop.db'), '--to', targetUrl]),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('No SQLite shop at') });
  });
});
