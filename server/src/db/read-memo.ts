import { localWriteCount, type Db, type DbKind } from './index.js';

/**
 * How long a memoized SQLite read stands for writes by other processes on the
 * same file (a command-line tool, say): they show within this time. This
 * process's own writes end the memo at once.
 */
export const SQLITE_READ_TRUSTED_MS = 1_000;

/**
 * A SQLite read answered from memory while this process has written nothing
 * since, for up to SQLITE_READ_TRUSTED_MS. Each SQLite read takes and frees
 * the write-ahead log's read lock (two fcntl calls) and builds its rows: on a
 * product page that was a third of the answer's processor time (npm run
 * bench:ab, docs/performance.md). Only for what the shop shows, never for
 * what it decides: prices, stock and permissions at checkout or in an admin's
 * change are read afresh. `maxEntries` bounds the keys kept (oldest out).
 */
export function createSqliteReadMemo<Key, Value>(
  db: Db,
  now: () => number,
  read: (key: Key) => Promise<Value>,
  maxEntries: number,
): (key: Key) => Promise<Value> {
  const entries = new Map<Key, { writes: number; at: number; value: Value }>();
  return async (key) => {
    // Counted before the read: a write landing while it waits would otherwise be
    // taken as seen, and its answer kept with the older rows.
    const writes = localWriteCount(db);
    const at = now();
    const kept = entries.get(key);
    if (kept && kept.writes === writes && at - kept.at < SQLITE_READ_TRUSTED_MS && at >= kept.at)
      return kept.value;
    const value = await read(key);
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { writes, at, value });
    return value;
  };
}

/**
 * A read of what the shop shows, memoized on SQLite (createSqliteReadMemo) and
 * left as it is on PostgreSQL, whose reads go in shared trips (db/batch.ts).
 */
export function memoizeShownRead<Key, Value>(
  db: Db,
  kind: DbKind,
  now: () => number,
  read: (key: Key) => Promise<Value>,
  maxEntries: number,
): (key: Key) => Promise<Value> {
  return kind === 'sqlite' ? createSqliteReadMemo(db, now, read, maxEntries) : read;
}
