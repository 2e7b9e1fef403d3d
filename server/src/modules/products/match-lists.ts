/**
 * Whole lists of matches the search index has worked out, by search: shoppers
 * page through a search, change its sort, or browse a category by price, and
 * each of those is then a slice of a list, not another pass over thousands of
 * names. Bounded by how many numbers are held in all (4 bytes each); the list
 * used longest ago goes first.
 */
export function createMatchLists(maxNumbers: number) {
  const lists = new Map<string, Int32Array>();
  let held = 0;
  return {
    get(key: string): Int32Array | undefined {
      const list = lists.get(key);
      if (list) {
        // Last used, last out: a Map iterates in insertion order.
        lists.delete(key);
        lists.set(key, list);
      }
      return list;
    },
    set(key: string, list: Int32Array): void {
      if (list.length > maxNumbers) return;
      const before = lists.get(key);
      if (before) {
        lists.delete(key);
        held -= before.length;
      }
      for (const [oldest, old] of lists) {
        if (held + list.length <= maxNumbers) break;
        lists.delete(oldest);
        held -= old.length;
      }
      lists.set(key, list);
      held += list.length;
    },
    /** How many numbers all the lists hold (for tests). */
    held: () => held,
  };
}

export type MatchLists = ReturnType<typeof createMatchLists>;
