import type { Product } from '@shop/shared';

/**
 * Products already read at the search index's catalog version, by their
 * number in the index, so a page no one asked for before, whose products
 * other pages showed, needs no read of their rows: a shopper's next page,
 * another sort or category of the same words. They belong to one index
 * (search-index.ts) and go with it when the catalog changes. Each one's stock
 * is as it was at its stock version (null: read it again), like a cached
 * page's (list-cache.ts).
 *
 * Slots by number, not a Map by id: a page is 24 array reads, not 24 hashed
 * lookups of 36-character ids in a table of tens of thousands.
 */
export function createKnownProducts(catalogSize: number, maxProducts: number) {
  const products: (Product | undefined)[] = new Array(catalogSize).fill(undefined);
  const stockVersions: (string | null)[] = new Array(catalogSize).fill(null);
  // The numbers known, oldest first, as a ring: the oldest goes first when full.
  const order = new Int32Array(Math.max(1, maxProducts));
  let oldest = 0;
  let held = 0;
  return {
    /**
     * These products in order, or undefined when any is not known; `fresh`
     * when each one's stock is as it was at `stockVersion`.
     */
    pick(numbers: ArrayLike<number>, stockVersion: string | null) {
      const picked: Product[] = [];
      let fresh = stockVersion !== null;
      for (let i = 0; i < numbers.length; i++) {
        const product = products[numbers[i]!];
        if (!product) return undefined;
        picked.push(product);
        if (stockVersions[numbers[i]!] !== stockVersion) fresh = false;
      }
      return { products: picked, fresh };
    },
    /**
     * What is known of these products, position by position (undefined: not
     * known): a page some of whose products other pages showed. With a stock
     * version, only those read at it; without, any (the caller reads their stock).
     */
    some(numbers: ArrayLike<number>, stockVersion?: string | null): (Product | undefined)[] {
      return Array.from(numbers, (number) =>
        stockVersion === undefined || (stockVersion !== null && stockVersions[number] === stockVersion)
          ? products[number]
          : undefined,
      );
    },
    /** Product `number` as read at `stockVersion`; it replaces what was known of it. */
    add(number: number, product: Product, stockVersion: string | null): void {
      if (maxProducts < 1) return;
      if (!products[number]) {
        if (held === maxProducts) {
          products[order[oldest]!] = undefined;
          oldest = (oldest + 1) % maxProducts;
          held -= 1;
        }
        order[(oldest + held) % maxProducts] = number;
        held += 1;
      }
      products[number] = product;
      stockVersions[number] = stockVersion;
    },
    /** How many products are known (for tests). */
    size: () => held,
  };
}

export type KnownProducts = ReturnType<typeof createKnownProducts>;
