import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import type PgModule from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

// Each driver loads only when used: a process holds one, not both, in memory.
const load = createRequire(import.meta.url);

export type DbOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /**
   * PostgreSQL: each statement stopped by the server after STATEMENT_TIMEOUT_MS,
   * and a connection given up after QUERY_TIMEOUT_MS without an answer. The
   * server's requests want this; migrations and the command-line tools run
   * without limits (an index built on a large table takes as long as it takes).
   */
  boundedQueries?: boolean;
};

export function createDb(options: DbOptions): { db: Db; kind: DbKind } {
  if (options.databaseUrl) {
    const pg = load('pg') as typeof PgModule;
    // int8 (COUNT, SUM) arrives as a string by default; our numbers fit in a double.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its server must not crash the process.
    pool.on('error', () => {});
    wrapClientQueries(pool, namedStatement);
    if (options.boundedQueries) {
      // A SET, not a startup parameter, which PgBouncer refuses; queued before any query of the
      // new connection. Through a transaction-mode pooler it outlives the connection: every
      // connection of the shop sets the same.
      pool.on('connect', (client) => {
        client.query(`set statement_timeout = ${STATEMENT_TIMEOUT_MS}`).catch(() => {});
      });
      wrapClientQueries(pool, endedWhenTimedOut);
    }
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = sqliteFile(options.dataDir);
  let opened: SqliteDatabase.Database | undefined;
  const dialect = new SqliteDialect({
    database: async () => {
      const sqlite = new SqliteDatabase(file);
      opened = sqlite;
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('foreign_keys = ON');
      sqlite.pragma('busy_timeout = 5000');
      sqlite.pragma('synchronous = NORMAL');
      // SQLite's own default of 2 MB, not the 16 MB better-sqlite3 is built with: the operating system
      // already keeps the file's pages in memory, and a second copy only adds to the shop's memory.
      sqlite.pragma('cache_size = -2000');
      // SQLite's own lower() folds A-Z only; searches of names and emails need "Élodie" = "élodie".
      sqlite.function(UNICODE_LOWER, { deterministic: true }, (text) =>
        typeof text === 'string' ? text.toLowerCase() : text,
      );
      return withStatementCache(sqlite);
    },
  });
  const db = new Kysely<Database>({ dialect });
  sqliteConnections.set(db, () => opened);
  return { db, kind: 'sqlite' };
}

const sqliteConnections = new WeakMap<Db, () => SqliteDatabase.Database | undefined>();

/**
 * The SQLite connection behind `db`, once Kysely has opened it, for a
 * statement that may run on it directly: none while a transaction holds it
 * (Kysely queues other queries behind the transaction, and so must they), and
 * none for a transaction's handle or a PostgreSQL database.
 */
export function idleSqliteConnection(db: Db): SqliteDatabase.Database | undefined {
  const connection = sqliteConnections.get(db)?.();
  return connection && !connection.inTransaction ? connection : undefined;
}

/** Which database a handle (or a transaction's) talks to. */
export const kindOf = (db: Db): DbKind =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** The embedded database's file in DATA_DIR. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'shop.db');
}

/** Which database these options open, for a person to read: never with its password. */
export function describeDatabase(options: Pick<DbOptions, 'databaseUrl' | 'dataDir'>): string {
  if (!options.databaseUrl) return `SQLite database ${sqliteFile(options.dataDir)}`;
  const url = new URL(options.databaseUrl);
  url.password = '';
  url.searchParams.delete('password');
  return `PostgreSQL database ${url.toString()}`;
}

/** The name of SQLite's Unicode lower-casing function, registered on each connection. */
export const UNICODE_LOWER = 'unicode_lower';

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
    // 57014: a statement past STATEMENT_TIMEOUT_MS (or cancelled by an operator).
    code === '57014' ||
    // A query past QUERY_TIMEOUT_MS, or one sent after its connection was closed for that.
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(message)
  );
}

/**
 * How long PostgreSQL may run one statement of a request, row-lock waits
 * included: it then cancels it (57014), the request answers 503 and the
 * connection stays usable. The longest reads are the whole lists (the admin's
 * products, users and orders, the catalog without a page), which take a few
 * seconds at most at 100,000 products, most of it in this process.
 */
export const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * How long a query may wait for any answer. The connect timeout bounds only
 * new connections: a query sent on one that was open when the server hung (or
 * the network started dropping everything) would wait for ever, and its
 * request with it. A little longer than STATEMENT_TIMEOUT_MS, so a server that
 * still answers cancels first.
 */
export const QUERY_TIMEOUT_MS = 12_000;

/** SQL texts run on every request (compile-once.ts): PostgreSQL keeps their plans per connection. */
const namedStatements = new Map<string, string>();

/** Marks a query's SQL for a named prepared statement on PostgreSQL (a no-op on SQLite). */
export function nameStatement(sqlText: string): void {
  if (!namedStatements.has(sqlText)) namedStatements.set(sqlText, `shop_${namedStatements.size + 1}`);
}

type ClientQuery = (text: unknown, values?: unknown) => unknown;
/** pg's own `client.query`, which also takes a callback. */
type PgQuery = (
  text: unknown,
  values?: unknown,
  callback?: (error: Error | null, result: unknown) => void,
) => unknown;

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
 * max_prepared_statements set; docs/deploy.md.) Every SQL text, named or
 * not, goes in pg's callback form.
 */
function namedStatement(_client: PgModule.PoolClient, query: PgQuery): ClientQuery {
  return (text, values) => {
    if (typeof text !== 'string') return query(text, values);
    const name = namedStatements.get(text);
    // The callback form, as pg's own pool.query uses: its promise form (and its query_timeout
    // option) keeps the rows of the batched reads alive past V8's young collections under load,
    // and full collections then pause the shop (decisions/0033).
    return new Promise((resolve, reject) =>
      query(name ? { name, text, values } : text, name ? undefined : values, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
  };
}

/**
 * A query with no answer after QUERY_TIMEOUT_MS fails, and its connection,
 * which may be waiting for an answer that never comes with every later query
 * behind it, is closed, so the pool drops it at release and opens a new one
 * for the next request. Queries sent on it after that (a transaction's
 * ROLLBACK) fail at once with the timeout as their cause.
 */
function endedWhenTimedOut(client: PgModule.PoolClient, query: ClientQuery): ClientQuery {
  let timedOut: Error | undefined;
  return (text, values) => {
    if (timedOut) {
      return Promise.reject(
        new Error(`${QUERY_TIMED_OUT}: the connection was closed after an earlier query`, {
          cause: timedOut,
        }),
      );
    }
    const answer = query(text, values);
    // A submitted query object (a cursor) comes back as itself, not a promise: it goes as is.
    if (!(answer instanceof Promise)) return answer;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = new Error(QUERY_TIMED_OUT);
        timedOut ??= error;
        reject(error);
        client.end().catch(() => {});
      }, QUERY_TIMEOUT_MS);
      answer.then(
        (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  };
}

/** The message of a query past QUERY_TIMEOUT_MS (node-postgres's own for its `query_timeout`). */
const QUERY_TIMED_OUT = 'Query read timeout';
