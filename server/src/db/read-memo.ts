import { localWriteCount, type Db } from './index.js';

/**
 * How long a memoized read stands for writes made by another process (another
 * instance on PostgreSQL; on SQLite a command-line tool, say): they show
 * within this time. This process's own writes end the memo at once, and so
 * does a shopper's own write through another instance (lib/seen-writes.ts).
 */
export const SHOWN_READ_TRUSTED_MS = 1_000;

/** How many shoppers' marks a memo remembers what it read for (lib/seen-writes.ts). */
const MARKS_KEPT = 10_000;

/**
 * Whether a value read later holds everything a value read earlier did (for
 * the product page's versions: both at least as high).
 */
export type HoldsEarlier<Value> = (later: Value, earlier: Value) => boolean;

/**
 * A read answered from memory while this process has written nothing since,
 * for up to SHOWN_READ_TRUSTED_MS, and while it holds the shopper's last write
 * as marked by another instance (`seenMark`, lib/seen-writes.ts): the kept
 * answer was read for that very mark, or, with `holdsEarlier`, holds what was
 * read for it. A mark not read for yet is read for now, after the request
 * carrying it, so after the write. On SQLite each read takes and frees the
 * write-ahead log's read lock (two fcntl calls) and builds its rows; on
 * PostgreSQL it is a trip to another process. On a product page either was a
 * third or more of the answer's processor time (npm run bench:ab,
 * decisions/0016 and 0021). Only for what the shop shows, never for what it
 * decides: prices, stock and permissions at checkout or in an admin's change
 * are read afresh. `maxEntries` bounds the keys kept (oldest out).
 */
export function createReadMemo<Key, Value>(
  db: Db,
  now: () => number,
  read: (key: Key) => Promise<Value>,
  maxEntries: number,
  holdsEarlier?: HoldsEarlier<Value>,
): ReadMemo<Key, Value> {
  type Entry = { writes: number; at: number; value: Value; seenMark: string | undefined };
  const entries = new Map<Key, Entry>();
  /** What was read for each mark, for `holdsEarlier`. */
  const readForMark = new Map<string, Value>();
  const holdsSeen = (kept: Entry, seenMark: string | undefined) => {
    if (seenMark === undefined || kept.seenMark === seenMark) return true;
    if (!holdsEarlier) return false;
    const readFor = readForMark.get(seenMark);
    return readFor !== undefined && holdsEarlier(kept.value, readFor);
  };
  const keptNow = (key: Key, seenMark: string | undefined, writes: number, at: number) => {
    const kept = entries.get(key);
    return kept &&
      kept.writes === writes &&
      at - kept.at < SHOWN_READ_TRUSTED_MS &&
      at >= kept.at &&
      holdsSeen(kept, seenMark)
      ? kept
      : undefined;
  };
  const memo = async (key: Key, seenMark?: string) => {
    // Counted before the read: a write landing while it waits would otherwise be
    // taken as seen, and its answer kept with the older rows.
    const writes = localWriteCount(db);
    const at = now();
    const kept = keptNow(key, seenMark, writes, at);
    if (kept) return kept.value;
    const value = await read(key);
    entries.delete(key);
    keepAtMost(entries, maxEntries);
    // Read after the request with this mark arrived, so after the write it marks.
    entries.set(key, { writes, at, value, seenMark });
    if (holdsEarlier && seenMark !== undefined && !readForMark.has(seenMark)) {
      keepAtMost(readForMark, MARKS_KEPT);
      readForMark.set(seenMark, value);
    }
    return value;
  };
  return Object.assign(memo, {
    kept: (key: Key, seenMark?: string) => keptNow(key, seenMark, localWriteCount(db), now())?.value,
  });
}

/**
 * A memoized read. `kept` answers at once, without a promise, with what the
 * memo would answer from memory now, or undefined where it would read: the
 * hot routes send a kept answer in the same call (decisions/0022). A kept
 * value of undefined also answers undefined: the caller then reads, no worse
 * than before (the memos in use keep objects and strings).
 */
export type ReadMemo<Key, Value> = {
  (key: Key, seenMark?: string): Promise<Value>;
  kept(key: Key, seenMark?: string): Value | undefined;
};

/** Makes room for one more entry, the oldest out. */
function keepAtMost<K, V>(map: Map<K, V>, most: number) {
  if (map.size >= most) map.delete(map.keys().next().value!);
}
