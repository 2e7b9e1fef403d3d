import { localWriteCount, type Db } from './index.js';
import type { SeenWrites } from '../lib/seen-writes.js';

/**
 * How long a memoized read stands for writes made by another process (another
 * instance on PostgreSQL; on SQLite a command-line tool, say): they show
 * within this time. This process's own writes end the memo at once, and so
 * does a shopper's own write through another instance (seen-writes.ts).
 */
export const SHOWN_READ_TRUSTED_MS = 1_000;

/**
 * Whether a memoized answer already holds a shopper's write that another
 * instance made (seen-writes.ts); without it, only the answer read for that
 * very write mark does.
 */
export type CoversSeen<Value> = (value: Value, seen: SeenWrites) => boolean;

/**
 * A read answered from memory while this process has written nothing since,
 * for up to SHOWN_READ_TRUSTED_MS, and while it covers the shopper's last
 * write as far as they have seen it (`seen`). On SQLite each read takes and
 * frees the write-ahead log's read lock (two fcntl calls) and builds its rows;
 * on PostgreSQL it is a trip to another process. On a product page either was
 * a third or more of the answer's processor time (npm run bench:ab,
 * decisions/0016 and 0021). Only for what the shop shows, never for what it
 * decides: prices, stock and permissions at checkout or in an admin's change
 * are read afresh. `maxEntries` bounds the keys kept (oldest out).
 */
export function createReadMemo<Key, Value>(
  db: Db,
  now: () => number,
  read: (key: Key) => Promise<Value>,
  maxEntries: number,
  covers?: CoversSeen<Value>,
): (key: Key, seen?: SeenWrites) => Promise<Value> {
  type Entry = { writes: number; at: number; value: Value; seenMark: string | undefined };
  const entries = new Map<Key, Entry>();
  const holdsSeen = (kept: Entry, seen: SeenWrites | undefined) =>
    !seen || kept.seenMark === seen.mark || (covers?.(kept.value, seen) ?? false);
  return async (key, seen) => {
    // Counted before the read: a write landing while it waits would otherwise be
    // taken as seen, and its answer kept with the older rows.
    const writes = localWriteCount(db);
    const at = now();
    const kept = entries.get(key);
    if (
      kept &&
      kept.writes === writes &&
      at - kept.at < SHOWN_READ_TRUSTED_MS &&
      at >= kept.at &&
      holdsSeen(kept, seen)
    )
      return kept.value;
    const value = await read(key);
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    // Read after the request with this mark arrived, so after the write it marks.
    entries.set(key, { writes, at, value, seenMark: seen?.mark });
    return value;
  };
}
