import type { Compilable, CompiledQuery, RawBuilder } from 'kysely';
import { idleSqliteConnection, nameStatement, type Db } from './index.js';

/**
 * A query built and compiled once, then run with new parameter values: Kysely builds and
 * compiles a query on every call, a large part of the cost of every request's few reads. Build
 * it with placeholder values; pass the real ones in the order they appear in the SQL. On
 * SQLite, outside a transaction, the statement runs on the connection itself: Kysely's way
 * there (a connection lock, a query id, several promises) costs as much as the read.
 */
export function compileOnce<Row>(
  db: Db,
  query: Compilable<Row> | RawBuilder<Row>,
): (...parameters: unknown[]) => Promise<Row[]> {
  const compiled: CompiledQuery<Row> = 'isRawBuilder' in query ? query.compile(db) : query.compile();
  nameStatement(compiled.sql);
  return async (...parameters) => {
    const sqlite = idleSqliteConnection(db);
    if (sqlite) return sqlite.prepare(compiled.sql).all(...parameters) as Row[];
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}

/** One `T` for each database (or transaction) handle, made when first asked for, kept as long as the handle. */
export function perDb<T>(create: (db: Db) => T): (db: Db) => T {
  const byHandle = new WeakMap<Db, T>();
  return (db) => {
    let value = byHandle.get(db);
    if (value === undefined) {
      value = create(db);
      byHandle.set(db, value);
    }
    return value;
  };
}

/**
 * `compileOnce` for a module-level query: compiled the first time it runs on
 * a given database (or transaction) handle, reused after that.
 */
export function preparedQuery<Row>(build: (db: Db) => Compilable<Row> | RawBuilder<Row>) {
  return perDb((db) => compileOnce(db, build(db)));
}
