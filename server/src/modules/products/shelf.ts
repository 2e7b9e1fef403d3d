import type { Product } from '@shop/shared';

/**
 * Every product of the catalog as a catalog page shows it, kept beside the
 * search index at its catalog version (search-index.ts): the JSON text of each
 * field but the stock, as UTF-8 bytes, and the stock as it was at a stock
 * version. A page found in the index is written from here byte by byte, with
 * no read of rows, no product objects and no JSON.stringify: at 100,000
 * products those were most of a new page's cost (decisions/0013).
 *
 * About 190 bytes a product of text outside V8's heap, and 40 of offsets and
 * numbers: 23 MB at 100,000 products, about what 40,000 product objects took on
 * the heap before.
 */

// A product's JSON, in toProduct's order: `{"_id":…,"name":…,…}`. The shelf holds the
// values; these are the text between them. The stock goes after the fourth.
const KEYS = [
  '{"_id":',
  ',"name":',
  ',"category":',
  ',"price":',
  ',"countInStock":',
  ',"image":',
  ',"description":',
  ',"rating":',
  ',"numReviews":',
  '}',
].map((text) => Buffer.from(text, 'latin1'));
const SHELVED = ['_id', 'name', 'category', 'price', 'image', 'description', 'rating', 'numReviews'] as const;
const FIELDS = SHELVED.length;
const STOCK_AFTER = 3;
const STOCK_KEY = KEYS[STOCK_AFTER + 1]!;
const END = KEYS[FIELDS + 1]!;
const KEYS_LENGTH = KEYS.reduce((sum, key) => sum + key.length, 0);
const COMMA = 0x2c;

/**
 * Puts products on a shelf in the order they are read, a batch at a time, each
 * product's text written as it is made, so neither a batch's rows nor their
 * text outlive it; `shelve` then files them by their number in the index.
 * `expected`: about how many products (more or fewer only cost a copy).
 */
export function createShelfBuilder(expected: number) {
  const chunks: Buffer[] = [];
  let capacity = Math.max(1, expected);
  let chunkOf = new Uint16Array(capacity);
  // Where each field starts in its chunk, and where the last one ends: FIELDS + 1 a product.
  let bounds = new Int32Array(capacity * (FIELDS + 1));
  let stock = new Int32Array(capacity);
  const stockVersions: (string | null)[] = [];
  let count = 0;
  // Where a batch's text is written before it is copied to a chunk of its exact size.
  let scratch = Buffer.allocUnsafe(64 * 1024);

  const grow = (needed: number) => {
    if (needed <= capacity) return;
    capacity = Math.max(needed, capacity * 2);
    const larger = <T extends Uint16Array | Int32Array>(from: T, to: T) => {
      to.set(from);
      return to;
    };
    chunkOf = larger(chunkOf, new Uint16Array(capacity));
    bounds = larger(bounds, new Int32Array(capacity * (FIELDS + 1)));
    stock = larger(stock, new Int32Array(capacity));
  };
  const write = (text: string, at: number) => {
    // At most three bytes of UTF-8 for each UTF-16 code unit.
    if (at + text.length * 3 > scratch.length) {
      const larger = Buffer.allocUnsafe(Math.max(scratch.length * 2, at + text.length * 3));
      scratch.copy(larger, 0, 0, at);
      scratch = larger;
    }
    return at + scratch.write(text, at);
  };

  return {
    /**
     * `size` products read together (`productAt(i)` makes the ith), with the
     * stock version read in the same statement; the position of the first.
     */
    add(size: number, productAt: (i: number) => Product, stockVersion: string | null): number {
      grow(count + size);
      const first = count;
      const chunkNumber = chunks.length;
      let at = 0;
      for (let i = 0; i < size; i++) {
        const product = productAt(i);
        const position = count++;
        chunkOf[position] = chunkNumber;
        SHELVED.forEach((field, f) => {
          bounds[position * (FIELDS + 1) + f] = at;
          at = write(JSON.stringify(product[field]), at);
        });
        bounds[position * (FIELDS + 1) + FIELDS] = at;
        stock[position] = product.countInStock;
        stockVersions.push(stockVersion);
      }
      const chunk = Buffer.allocUnsafeSlow(at);
      scratch.copy(chunk, 0, 0, at);
      chunks.push(chunk);
      return first;
    },
    /** The shelf, product `n` of the index being the one added at position `positionOf[n]`. */
    shelve(positionOf: Int32Array): Shelf {
      return createShelf(chunks, { positionOf, chunkOf, bounds, stock, stockVersions });
    },
  };
}

export type ShelfBuilder = ReturnType<typeof createShelfBuilder>;

/** Products are kept where the builder put them; `positionOf` finds product `n` of the index. */
function createShelf(
  chunks: Buffer[],
  {
    positionOf,
    chunkOf,
    bounds,
    stock,
    stockVersions,
  }: {
    positionOf: Int32Array;
    chunkOf: Uint16Array;
    bounds: Int32Array;
    stock: Int32Array;
    stockVersions: (string | null)[];
  },
) {
  return {
    /** Product `number`'s id (the index keeps no strings of its own: 5 MB at 100,000 products). */
    idOf(number: number): string {
      const position = positionOf[number]!;
      const base = position * (FIELDS + 1);
      const text = chunks[chunkOf[position]!]!.toString('utf8', bounds[base]!, bounds[base + 1]!);
      return JSON.parse(text) as string;
    },
    /** Whether each of these products' stock is as it was at `stockVersion` (null: unknown, so no). */
    fresh(numbers: ArrayLike<number>, stockVersion: string | null): boolean {
      if (stockVersion === null) return false;
      for (let i = 0; i < numbers.length; i++) {
        if (stockVersions[positionOf[numbers[i]!]!] !== stockVersion) return false;
      }
      return true;
    },
    /** Product `number`'s stock, read at `stockVersion` or later. */
    setStock(number: number, countInStock: number, stockVersion: string | null): void {
      const position = positionOf[number]!;
      stock[position] = countInStock;
      stockVersions[position] = stockVersion;
    },
    /**
     * These products as a JSON array, the very bytes JSON.stringify gives for
     * their toProduct objects, between `before` and `after` (ASCII): a whole
     * answer in one allocation. Copied a byte at a time: the fields are short,
     * and a native copy per field cost more than its bytes.
     */
    render(numbers: ArrayLike<number>, before = '', after = ''): Buffer {
      const positions = Array.from(numbers, (number) => positionOf[number]!);
      const stockTexts = positions.map((position) => String(stock[position]));
      let length = before.length + 2 + Math.max(0, positions.length - 1) + after.length;
      positions.forEach((position, i) => {
        length += KEYS_LENGTH + stockTexts[i]!.length;
        length += bounds[position * (FIELDS + 1) + FIELDS]! - bounds[position * (FIELDS + 1)]!;
      });
      const out = Buffer.allocUnsafe(length);
      // `at` is this function's own variable, not a closure's: V8 keeps it in a register.
      let at = out.write(before, 0, 'latin1');
      out[at++] = 0x5b; // [
      for (let i = 0; i < positions.length; i++) {
        const position = positions[i]!;
        const chunk = chunks[chunkOf[position]!]!;
        const base = position * (FIELDS + 1);
        if (i > 0) out[at++] = COMMA;
        for (let field = 0; field < FIELDS; field++) {
          // The stock's key and value come between the shelved fields: skip its key here.
          const key = KEYS[field <= STOCK_AFTER ? field : field + 1]!;
          for (let k = 0; k < key.length; k++) out[at++] = key[k]!;
          for (let k = bounds[base + field]!, end = bounds[base + field + 1]!; k < end; k++)
            out[at++] = chunk[k]!;
          if (field === STOCK_AFTER) {
            for (let k = 0; k < STOCK_KEY.length; k++) out[at++] = STOCK_KEY[k]!;
            const text = stockTexts[i]!;
            for (let k = 0; k < text.length; k++) out[at++] = text.charCodeAt(k);
          }
        }
        out[at++] = END[0]!;
      }
      out[at++] = 0x5d; // ]
      out.write(after, at, 'latin1');
      return out;
    },
  };
}

export type Shelf = ReturnType<typeof createShelf>;
