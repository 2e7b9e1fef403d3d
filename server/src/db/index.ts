import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

// int8 (COUNT, SUM) arrives as a string by default; our numbers fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type DbOptions = { databaseUrl?: string | undefined; dataDir: string };

export function createDb(options: DbOptions): { db: Db; kind: DbKind } {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its server must not crash the process.
    pool.on('error', () => {});
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'shop.db');
  const dialect = new SqliteDialect({
    database: async () => {
      const sqlite = new SqliteDatabase(file);
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('foreign_keys = ON');
      sqlite.pragma('busy_timeout = 5000');
      sqlite.pragma('synchronous = NORMAL');
      return sqlite;
    },
  });
  return { db: new Kysely<Database>({ dialect }), kind: 'sqlite' };
}

/**
 * PostgreSQL text cannot hold NUL (a query carrying one fails) and SQLite's LIKE
 * stops at one, so a value with NUL can name nothing stored; check before asking.
 */
export function hasNul(text: string): boolean {
  return text.includes('\0');
}

/** Whether an id from a URL can name a row at all (ids are short and NUL-free). */
export function isLookupableId(id: string): boolean {
  return id.length <= 100 && !hasNul(id);
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Errors that mean "the database is not answering", as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      '08003',
    ].includes(code) ||
    [
      'SQLITE_BUSY',
      'SQLITE_READONLY',
      'SQLITE_FULL',
      'SQLITE_IOERR',
      'SQLITE_CANTOPEN',
      'SQLITE_LOCKED',
    ].some((c) => code.startsWith(c)) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(message)
  );
}
