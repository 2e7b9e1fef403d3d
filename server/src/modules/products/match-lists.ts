/**
 * What each list costs beyond its numbers, counted in numbers (4 bytes each):
 * its key, its map entry and the typed array's own object. Without it a
 * search that matches nothing cost nothing, and unique searches that matched
 * nothing piled up without end.
 */
export const LIST_OVERHEAD = 64;

/**
 * Whole lists of matches the search index has worked out, by search: shoppers
 * page through a search, change its sort, or browse a category by price, and
 * each of those is then a slice of a list, not another pass over thousands of
 * names. Bounded by how many numbers are held in all, each list's overhead
 * included, and by how many lists; the list used longest ago goes first.
 */
export function createMatchLists(maxNumbers: number, maxLists: number) {
  const lists = new Map<string, Int32Array>();
  let held = 0;
  const cost = (list: Int32Array) => list.length + LIST_OVERHEAD;
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
      if (cost(list) > maxNumbers) return;
      const before = lists.get(key);
      if (before) {
        lists.delete(key);
        held -= cost(before);
      }
      for (const [oldest, old] of lists) {
        if (held + cost(list) <= maxNumbers && lists.size < maxLists) break;
        lists.delete(oldest);
        held -= cost(old);
      }
      lists.set(key, list);
      held += cost(list);
    },
    /** How many numbers all the lists hold, overheads included, and how many lists (for tests). */
    held: () => held,
    count: () => lists.size,
  };
}

export type MatchLists = ReturnType<typeof createMatchLists>;
