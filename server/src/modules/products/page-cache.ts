import type { Versions } from './catalog-versions.js';

/** A product page as JSON, and whether its reviews are only the latest of more. */
export type ProductPage = { json: string; reviewsCut: boolean };

// At most this much page text in all (a character of JSON is a byte or two): the
// demo's pages are 0.4 to 3 KB, but a page holds up to 50 reviews of 1,000 characters.
const MAX_CHARACTERS = 4 * 1024 * 1024;
// A page longer than this is not kept: it would push out many others.
const MAX_PAGE_CHARACTERS = 256 * 1024;
// A safety net for a version that did not move (a restored backup, say).
const MAX_AGE_MS = 60_000;
// Every cache bounds its entries, not only what they hold: small pages cost their keys too.
export const MAX_PAGES = 10_000;

/**
 * Product pages (the product with its reviews, as JSON) this instance has
 * answered, each filed under the versions read before its rows. The catalog
 * version moves with every change to a product but its stock (migration
 * 0008); the stock version with every stock change, and every review and
 * order written (0010 to 0012), so a page is never served past a change to
 * anything it shows, whichever instance or writer made it (on SQLite another
 * process's change shows within a second: the versions' read is memoized,
 * db/read-memo.ts).
 */
export function createProductPageCache(now: () => number) {
  const entries = new Map<string, { page: ProductPage; versions: string; at: number }>();
  let characters = 0;
  const remove = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    characters -= entry.page.json.length;
    entries.delete(id);
  };
  const keyOf = (versions: Versions) =>
    versions.stock === null ? undefined : `${versions.catalog}:${versions.stock}`;
  return {
    /** The page if it was answered at exactly these versions. */
    get(id: string, versions: Versions): ProductPage | undefined {
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (entry.versions !== keyOf(versions) || now() - entry.at > MAX_AGE_MS) {
        remove(id);
        return undefined;
      }
      return entry.page;
    },
    set(id: string, versions: Versions, page: ProductPage): void {
      remove(id);
      const key = keyOf(versions);
      const { length } = page.json;
      if (key === undefined || length > MAX_PAGE_CHARACTERS) return;
      // Oldest first out: a Map iterates in insertion order.
      while (characters + length > MAX_CHARACTERS || entries.size >= MAX_PAGES)
        remove(entries.keys().next().value!);
      entries.set(id, { page, versions: key, at: now() });
      characters += length;
    },
    /** How much page text is kept (tests). */
    size: () => ({ pages: entries.size, characters }),
  };
}
