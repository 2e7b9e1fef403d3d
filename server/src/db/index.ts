import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type PgModule from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

// Each driver loads only when used: a process holds one, not both, in memory.
const load = createRequire(import.meta.url);

export type DbOptions = { databaseUrl?: string | undefined; dataDir: string };

export function createDb(options: DbOptions): { db: Db; kind: DbKind } {
  if (options.databaseUrl) {
    const pg = load('pg') as typeof PgModule;
    // int8 (COUNT, SUM) arrives as a string by default; our numbers fit in a double.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    // An idle client losing its server must not crash the process.
    pool.on('error', () => {});
    wrapClientQueries(pool, namedStatement);
    wrapClientQueries(pool, endedWhenTimedOut);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      kind: 'postgres',
    };
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
      return withStatementCache(sqlite);
    },
  });
  return { db: new Kysely<Database>({ dialect }), kind: 'sqlite' };
}

/**
 * Kysely prepares every query afresh, and preparing costs more than running
 * most of ours. Statements are kept per SQL text (the set is small and fixed:
 * values travel as parameters). Safe because better-sqlite3 runs one
 * statement at a time and we never stream (iterate) results.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const MAX = 500;
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      // A runaway set of texts (it should not happen) only costs the oldest entry.
      if (cache.size >= MAX) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
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
    // A query past QUERY_TIMEOUT_MS, and the queries queued behind it on the connection closed then.
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable/i.test(message)
  );
}

/**
 * How long a query may wait for PostgreSQL's answer. The connect timeout only
 * bounds new connections: a query sent on one that was open when the server
 * hung (or the network started dropping everything) would wait for ever, and
 * its request with it. Our longest queries (a whole catalog page, a batch of
 * the search index) take well under a second.
 */
export const QUERY_TIMEOUT_MS = 10_000;

/** SQL texts run on every request (compile-once.ts): PostgreSQL keeps their plans per connection. */
const namedStatements = new Map<string, string>();

/** Marks a query's SQL for a named prepared statement on PostgreSQL (a no-op on SQLite). */
export function nameStatement(sqlText: string): void {
  if (!namedStatements.has(sqlText)) namedStatements.set(sqlText, `shop_${namedStatements.size + 1}`);
}

type ClientQuery = (text: unknown, values?: unknown) => unknown;

/**
 * Replaces each pool client's `query` with `wrap(client, query)`, once per
 * client, the first time the pool hands it out (Kysely takes clients only
 * through the promise form of connect()).
 */
function wrapClientQueries(
  pool: PgModule.Pool,
  wrap: (client: PgModule.PoolClient, query: ClientQuery) => ClientQuery,
): void {
  const wrapped = new WeakSet<PgModule.PoolClient>();
  const connect = pool.connect.bind(pool) as () => Promise<PgModule.PoolClient>;
  pool.connect = (async () => {
    const client = await connect();
    if (!wrapped.has(client)) {
      wrapped.add(client);
      client.query = wrap(client, client.query.bind(client) as ClientQuery) as typeof client.query;
    }
    return client;
  }) as typeof pool.connect;
}

/**
 * PostgreSQL parses and plans an unnamed statement on every run, which for a
 * lookup by key is most of its work. The hot queries, a small fixed set, run
 * as named statements instead: parsed once per connection, and after a few
 * runs PostgreSQL keeps a generic plan. (A transaction-mode pooler in
 * between must support prepared statements: PgBouncer 1.21 and later with
 * max_prepared_statements set; docs/deploy.md.)
 */
function namedStatement(_client: PgModule.PoolClient, query: ClientQuery): ClientQuery {
  return (text, values) => {
    const name = typeof text === 'string' ? namedStatements.get(text) : undefined;
    return name ? query({ name, text, values }) : query(text, values);
  };
}

/**
 * A query that timed out leaves its connection waiting for an answer that may
 * never come, and every later query on it behind that one: the connection is
 * closed (its socket destroyed), so the pool drops it at release and opens a
 * new one for the next request.
 */
function endedWhenTimedOut(client: PgModule.PoolClient, query: ClientQuery): ClientQuery {
  return (text, values) => {
    const answer = query(text, values) as Promise<unknown>;
    answer.catch((error: unknown) => {
      if (error instanceof Error && error.message === QUERY_TIMED_OUT) client.end().catch(() => {});
    });
    return answer;
  };
}

/** node-postgres's message for a query past `query_timeout`. */
const QUERY_TIMED_OUT = 'Query read timeout';
