import type { Versions } from './catalog-versions.js';

// A page is 0.4 to 3 KB of text: a few MB at most, beside the search index's memory.
const MAX_ENTRIES = 2000;
// A safety net for a version that did not move (a restored backup, say).
const MAX_AGE_MS = 60_000;

/**
 * Product pages (the product with its reviews, as JSON) this instance has
 * answered, each filed under the versions read before its rows. The catalog
 * version moves with every change to a product but its stock (migration
 * 0008); the stock version with every stock change, and every review and
 * order written (0010 to 0012), so a page is never served past a change to
 * anything it shows, whichever instance or writer made it.
 */
export function createProductPageCache(now: () => number) {
  const entries = new Map<string, { json: string; versions: string; at: number }>();
  const keyOf = (versions: Versions) =>
    versions.stock === null ? undefined : `${versions.catalog}:${versions.stock}`;
  return {
    /** The page's JSON if it was answered at exactly these versions. */
    get(id: string, versions: Versions): string | undefined {
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (entry.versions !== keyOf(versions) || now() - entry.at > MAX_AGE_MS) {
        entries.delete(id);
        return undefined;
      }
      return entry.json;
    },
    set(id: string, versions: Versions, json: string): void {
      const key = keyOf(versions);
      if (key === undefined) return;
      entries.delete(id);
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(id, { json, versions: key, at: now() });
    },
  };
}
