import type { Product } from '@shop/shared';

/**
 * Catalog pages this instance has worked out: which products, in what order,
 * and how many match. Each entry carries the catalog version it was computed
 * at (migration 0008's triggers move it on every change to a product but its
 * stock, and on every product added or deleted), so a page is never served
 * from a catalog that has changed since, whichever instance changed it. The
 * products' stock is as it was at `stockVersion` (null: read it again).
 */
export type CachedPage = { products: Product[]; total: number; stockVersion: string | null };

// Only pages the database found are kept (the search index answers its own as cheaply,
// from its shelf: shelf.ts), each with its own 24 product objects, about 14 KB: 2,000
// such pages took the shop over 250 MB at peak under npm run bench.
const MAX_ENTRIES = 1000;
// A safety net for a version that did not move (a restored backup, say).
const MAX_AGE_MS = 60_000;

export function createListCache(now: () => number) {
  const entries = new Map<string, CachedPage & { version: string; at: number }>();
  return {
    /** The page as cached, with the catalog version it was computed at; the caller compares. */
    get(key: string): (CachedPage & { version: string }) | undefined {
      const entry = entries.get(key);
      if (entry && now() - entry.at > MAX_AGE_MS) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    set(key: string, version: string, page: CachedPage): void {
      entries.delete(key);
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { ...page, version, at: now() });
    },
  };
}

export type ListCache = ReturnType<typeof createListCache>;
