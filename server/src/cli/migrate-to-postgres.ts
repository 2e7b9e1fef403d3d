import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { ConfigError, loadConfig } from '../config.js';
import { createDb, type Db } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { TABLES, type Table } from '../db/tables.js';

/**
 * npm run migrate-to-postgres [-- --from data/shop.db] [--to postgres://...]
 *
 * Copies an embedded SQLite shop into PostgreSQL: migrates both to the latest
 * schema, refuses a target that already holds shop data, then copies every
 * table in one PostgreSQL transaction and checks the row counts before it
 * commits. Rows copy as they are: both databases keep 0/1 integers, ISO text
 * timestamps and integer paise. Uploaded images are files: copy UPLOAD_DIR too.
 */

/**
 * Settings, not shop data: a shop started once on the target writes some
 * (the test gateway's signing secret); the source's replace them.
 */
const REPLACED_ON_TARGET: readonly Table[] = ['app_settings', 'shop_settings'];

const BATCH_SIZE = 500;

/** Exit 2: the command was asked for something it will not do; nothing was written. */
class Refusal extends Error {}

const usage =
  'Usage: npm run migrate-to-postgres [-- --from <path to shop.db>] [--to postgres://user:pass@host:5432/db]\n' +
  '  --from defaults to DATA_DIR/shop.db, --to to DATABASE_URL.';

type Row = Record<string, unknown>;

async function main() {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new Refusal(error.message);
    throw error;
  }
  const from = path.resolve(values.from ?? path.join(config.dataDir, 'shop.db'));
  const to = values.to ?? config.databaseUrl;
  if (!to) throw new Refusal(`No target: pass --to postgres://... or set DATABASE_URL.\n${usage}`);
  if (!/^postgres(ql)?:\/\/.+/.test(to)) {
    throw new Refusal(`--to must start with postgres:// or postgresql:// (got "${to.slice(0, 20)}...").`);
  }
  if (!fs.existsSync(from) || !fs.statSync(from).isFile()) {
    throw new Refusal(`No SQLite shop at ${from}: pass --from <path to shop.db> or set DATA_DIR.`);
  }

  const sqlite = new SqliteDatabase(from, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const source: Db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { db: target } = createDb({ databaseUrl: to, dataDir: config.dataDir });
  try {
    console.log(`From SQLite ${from}`);
    console.log(`To PostgreSQL ${redactPassword(to)}`);
    // The same migrations the shop applies at start: both sides get the latest schema.
    await migrateToLatest(source);
    await migrateToLatest(target);
    checkSourceTables(sqlite);

    // One read transaction: a consistent snapshot even if something still writes.
    sqlite.exec('BEGIN');
    try {
      const counts = new Map<Table, number>();
      for (const table of TABLES) counts.set(table, countSqlite(sqlite, table));

      await target.transaction().execute(async (trx) => {
        await refuseNonEmpty(trx);
        for (const table of REPLACED_ON_TARGET) await trx.deleteFrom(table).execute();
        for (const table of TABLES) {
          let copied = 0;
          for (const rows of batches(sqlite, table)) {
            await trx
              .insertInto(table)
              .values(rows as never)
              .execute();
            copied += rows.length;
          }
          console.log(`  ${table.padEnd(16)} ${String(copied).padStart(8)} rows`);
        }
        // Checked before the commit: a mismatch rolls everything back.
        const mismatches: string[] = [];
        for (const table of TABLES) {
          const expected = counts.get(table) ?? 0;
          const actual = await countPostgres(trx, table);
          if (actual !== expected)
            mismatches.push(`${table}: ${expected} in SQLite, ${actual} in PostgreSQL`);
        }
        if (mismatches.length > 0) {
          throw new Error(`Row counts differ, nothing was written:\n  ${mismatches.join('\n  ')}`);
        }
      });
    } finally {
      sqlite.exec('COMMIT');
    }
    console.log('Row counts match. The data is in PostgreSQL.');
    // The old shop's images sit beside its database (UPLOAD_DIR defaults to DATA_DIR/uploads),
    // not in this checkout's DATA_DIR, unless UPLOAD_DIR says where.
    const uploads = process.env.UPLOAD_DIR ? config.uploadDir : path.join(path.dirname(from), 'uploads');
    console.log(
      `Now copy the uploaded images too: the folder UPLOAD_DIR (here ${uploads}) to the ` +
        'UPLOAD_DIR of the new instances, then start them with DATABASE_URL set.',
    );
  } finally {
    await target.destroy();
    await source.destroy();
  }
}

/** Refuses to merge into a shop that already has data (a second run, or the wrong database). */
async function refuseNonEmpty(trx: Db) {
  const found: string[] = [];
  for (const table of TABLES) {
    if (REPLACED_ON_TARGET.includes(table)) continue;
    const count = await countPostgres(trx, table);
    if (count > 0) found.push(`${table} (${count})`);
  }
  if (found.length > 0) {
    throw new Refusal(
      `The target PostgreSQL database is not empty: it already has rows in ${found.join(', ')}. ` +
        'Nothing was copied. Point --to/DATABASE_URL at a new, empty database ' +
        '(and do not start the shop on it before migrating: its first start seeds the demo catalog).',
    );
  }
}

/** Every table of the source is one this command copies (or Kysely's own bookkeeping). */
function checkSourceTables(sqlite: SqliteDatabase.Database) {
  const names = sqlite
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' " +
        "and name not like 'kysely\\_migration%' escape '\\'",
    )
    .pluck()
    .all() as string[];
  // The SQLite search index (migration 0007) is derived from products; PostgreSQL builds its own.
  const unknown = names.filter(
    (n) => !(TABLES as readonly string[]).includes(n) && !n.startsWith('products_search'),
  );
  if (unknown.length > 0) {
    throw new Error(`The SQLite shop has tables this command does not copy: ${unknown.join(', ')}.`);
  }
}

function countSqlite(sqlite: SqliteDatabase.Database, table: Table): number {
  return sqlite.prepare(`select count(*) from "${table}"`).pluck().get() as number;
}

async function countPostgres(db: Db, table: Table): Promise<number> {
  const { rows } = await sql<{
    count: number;
  }>`select count(*)::int as count from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** The table's rows in insertion order, BATCH_SIZE at a time (keyset on rowid). */
function* batches(sqlite: SqliteDatabase.Database, table: Table): Generator<Row[]> {
  const select = sqlite.prepare(
    `select rowid as "__rowid__", * from "${table}" where rowid > ? order by rowid limit ${BATCH_SIZE}`,
  );
  let after = -Infinity;
  for (;;) {
    const rows = select.all(after) as Row[];
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.__rowid__ as number;
    yield rows.map((r) => {
      const row = { ...r };
      delete row.__rowid__;
      return row;
    });
    if (rows.length < BATCH_SIZE) return;
  }
}

function redactPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

main().catch((error: unknown) => {
  // A refused connection can come as an AggregateError with an empty message: say its code.
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message || `${error.name} ${String(code ?? '')}` : error;
  console.error(message);
  process.exit(error instanceof Refusal ? 2 : 1);
});
