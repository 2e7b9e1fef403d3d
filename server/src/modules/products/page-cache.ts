import type { Versions } from './catalog-versions.js';

// Enough for the pages a busy shop's shoppers come back to: V8 lets the heap grow past what it
// holds before sweeping, so each kept page costs more than its size. A key asked once is a string.
export const MAX_PAGES = 500;
export const MAX_ASKED = 2_000;

/** Production keeps a page asked for twice; tests force `every-page` (from its first answer) or `off`. */
export type PageCacheMode = 'asked-twice' | 'every-page' | 'off';

/**
 * The one cache of what the catalog shows: catalog pages and product pages as this instance
 * answered them, each filed under the catalog and stock versions read before its rows. One rule:
 * an entry is served only while both versions are still those. The catalog version moves with every
 * change to a shown product column, and every product added or deleted (product-fields.ts,
 * catalog-triggers.ts); the stock version with every stock change, review and order (migrations
 * 0010 to 0012). So no page outlives a change to anything it shows, whichever instance or writer
 * made it. Most searches are made once: kept at once, each would pass into the heap's long-lived
 * part, which grows before it is swept; so a page is kept when asked for again.
 */
export function createPageCache<Page>(mode: PageCacheMode = 'asked-twice') {
  const entries = new Map<string, { page: Page; versions: string }>();
  // Pages answered once and not kept, or kept and found stale: kept at their next answer.
  const asked = new Set<string>();
  const keyOf = (versions: Versions) =>
    versions.stock === null ? undefined : `${versions.catalog}:${versions.stock}`;
  const remember = (key: string) => {
    if (asked.size >= MAX_ASKED) asked.delete(asked.values().next().value!);
    asked.add(key);
  };
  return {
    get(key: string, versions: Versions): Page | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.versions !== keyOf(versions)) {
        entries.delete(key);
        remember(key);
        return undefined;
      }
      return entry.page;
    },
    set(key: string, versions: Versions, page: Page): void {
      const filedUnder = keyOf(versions);
      entries.delete(key);
      if (filedUnder === undefined || mode === 'off') return;
      if (mode === 'asked-twice' && !asked.delete(key)) return remember(key);
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= MAX_PAGES) entries.delete(entries.keys().next().value!);
      entries.set(key, { page, versions: filedUnder });
    },
    /** How many pages are kept (tests). */
    size: () => entries.size,
  };
}

export type PageCache<Page> = ReturnType<typeof createPageCache<Page>>;
