import { setImmediate as nextTurn } from 'node:timers/promises';
import { CATEGORIES, type ProductQuery } from '@shop/shared';
import { kindOf, type Db, type DbKind } from '../../db/index.js';
import { createPacer } from '../../lib/pacer.js';
import { readCatalogVersion } from './catalog-versions.js';
import { PRODUCT_FIELDS, SEARCHED_COLUMN } from './product-fields.js';

/**
 * The catalog's searched names and sort keys, held in the process, so a
 * search no one made before is answered without scanning the database: on
 * 100,000 products the database's trigram search reads and counts every one
 * of the thousands of names a common word matches, and 50 shoppers doing that
 * at once on SQLite's one connection queue behind each other. The index finds,
 * counts and orders them in memory and answers the ids of a page; the page's
 * products are then read from the database by id, so the index holds nothing
 * a page shows but the order.
 *
 * It is built at one catalog version and only answers for that version, which
 * moves with every change to a searched, sorted or shown column
 * (product-fields.ts), so it never answers for a catalog that has changed
 * since (on any instance). A change makes it rebuild in the background, at
 * most once every REBUILD_INTERVAL_MS; until then the database answers.
 */
export type SearchIndex = {
  version: string;
  /** How many products. Each is known by its number: its place in the popular order (rating, reviews, id). */
  size: number;
  /**
   * The lowercased names (name_search) in that order, one block of UTF-8 rather than 100,000
   * strings: product `i`'s from `nameStarts[i]` up to `nameStarts[i + 1]`. Text is matched as
   * bytes: a UTF-8 text is in a UTF-8 name exactly when the one string is in the other.
   */
  names: Buffer;
  nameStarts: Int32Array;
  categories: Uint8Array;
  /**
   * For each three-byte piece of a name, the products whose name has it, in order: piece
   * `slot`'s are `postings[starts[slot]]` up to `starts[slot + 1]`. Beside each, where the piece
   * first is in that name (up to 255), so a search checks its text there before scanning the name.
   */
  slots: Map<number, number>;
  starts: Int32Array;
  postings: Int32Array;
  pieceOffsets: Uint8Array;
  /** For the price sorts: each product's position in that order, and the product at each position. */
  positionIn: Record<PriceSort, Int32Array>;
  productAt: Record<PriceSort, Int32Array>;
  /** Each product's id, by its number. */
  idOf: (product: number) => string;
};

type Sort = NonNullable<ProductQuery['sort']>;
type PriceSort = Exclude<Sort, 'popular'>;

const CATEGORY_CODES = new Map<string, number>(CATEGORIES.map((category, code) => [category, code]));
const ANY_CATEGORY = -1;

/** Three bytes as one number. */
const pieceAt = (bytes: Uint8Array, at: number) =>
  (bytes[at]! << 16) | (bytes[at + 1]! << 8) | bytes[at + 2]!;

/** 0, 1, ... up to `count` - 1. */
const numbers = (count: number) => Int32Array.from({ length: count }, (_, i) => i);

/**
 * Strings kept as one block of UTF-8 outside the JavaScript heap: 100,000 strings would add to
 * the heap the collector lets grow in proportion to what it holds. Text `i` is from `starts[i]`.
 */
function textBlock(texts: string[]): { bytes: Buffer; starts: Int32Array } {
  const bytes = Buffer.alloc(texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0));
  const starts = new Int32Array(texts.length + 1);
  texts.forEach((text, i) => (starts[i + 1] = starts[i]! + bytes.write(text, starts[i]!)));
  return { bytes, starts };
}

/** The indexed columns of the catalog as read, one list each: product `i` is at `i` of every list. */
type CatalogColumns = Record<'ids' | 'names', string[]> &
  Record<'categories' | 'prices' | 'ratings' | 'reviews', number[]>;

/** The columns the index keeps: the id, the searched name and the sort keys. */
const INDEXED_COLUMNS = [
  PRODUCT_FIELDS._id,
  SEARCHED_COLUMN,
  PRODUCT_FIELDS.category,
  PRODUCT_FIELDS.price,
  PRODUCT_FIELDS.rating,
  PRODUCT_FIELDS.numReviews,
] as const;

// Rows read per query while building; on PostgreSQL each is a trip queued behind the requests.
const ROWS_PER_READ: Record<DbKind, number> = { sqlite: 1_000, postgres: 5_000 };

/**
 * Reads the catalog and builds its index, filed under the version read before any row; undefined
 * when the catalog changed while it was read (rows read before and after the change would mix).
 */
export async function buildSearchIndex(db: Db): Promise<SearchIndex | undefined> {
  // Slices beside the requests: a saturated shop neither stalls nor starves the build (lib/pacer.ts).
  const pause = createPacer(() => performance.now(), nextTurn);
  const kind = kindOf(db);
  const build = async (reader: Db) => {
    const version = await readCatalogVersion(reader);
    const columns = await readCatalog(reader, kind, pause);
    if ((await readCatalogVersion(reader)) !== version) return undefined;
    return indexOf(version, columns, pause);
  };
  // On PostgreSQL the reads keep one connection of the pool rather than queue behind every
  // request's query. SQLite has one connection: holding it across the pauses would stop the requests.
  return kind === 'postgres' ? db.connection().execute(build) : build(db);
}

/**
 * Every product's indexed columns, a batch at a time, kept as lists of values: no row object is
 * kept per product, so a rebuild leaves little behind for the collector.
 */
async function readCatalog(db: Db, kind: DbKind, pause: () => Promise<void>) {
  const read: CatalogColumns = { ids: [], names: [], categories: [], prices: [], ratings: [], reviews: [] };
  for (let after = ''; ;) {
    const batch = await db
      .selectFrom('products')
      .select(INDEXED_COLUMNS)
      .where('id', '>', after)
      .orderBy('id')
      .limit(ROWS_PER_READ[kind])
      .execute();
    for (const row of batch) {
      read.ids.push(row.id);
      read.names.push(row.name_search);
      read.categories.push(CATEGORY_CODES.get(row.category) ?? 255);
      read.prices.push(Number(row.price_paise));
      read.ratings.push(Number(row.rating));
      read.reviews.push(row.num_reviews);
    }
    if (batch.length < ROWS_PER_READ[kind]) return read;
    after = batch.at(-1)!.id;
    await pause();
  }
}

// A pause point every this many names: a build must not stall the shop (the pacer decides when to yield).
const NAMES_BETWEEN_PAUSES = 10_000;

/** The index of a catalog's columns; `pause` between chunks of work. */
async function indexOf(
  version: string,
  read: CatalogColumns,
  pause: () => Promise<void>,
): Promise<SearchIndex> {
  const count = read.ids.length;
  // The database's popular order: rating, then reviews, highest first, then id. The columns were
  // read in id order, so a product's place in them is its place among the ids as the database
  // compares them.
  const popular = numbers(count).sort(
    (a, b) => read.ratings[b]! - read.ratings[a]! || read.reviews[b]! - read.reviews[a]! || a - b,
  );
  await pause();
  const { bytes: names, starts: nameStarts } = textBlock(Array.from(popular, (i) => read.names[i]!));
  const categories = Uint8Array.from(popular, (i) => read.categories[i]!);
  const prices = Float64Array.from(popular, (i) => read.prices[i]!);

  // Two passes over the names, so the lists are one typed array and not
  // millions of small ones: count each piece's names, then fill them in.
  const slots = new Map<number, number>();
  const counts: number[] = [];
  const lastName: number[] = [];
  const eachPiece = async (visit: (slot: number, name: number, at: number) => void) => {
    for (let name = 0; name < count; name++) {
      for (let at = nameStarts[name]!; at + 3 <= nameStarts[name + 1]!; at++) {
        const piece = pieceAt(names, at);
        let slot = slots.get(piece);
        if (slot === undefined) {
          slot = counts.length;
          slots.set(piece, slot);
          counts.push(0);
          lastName.push(-1);
        }
        // A piece twice in one name lists the name once.
        if (lastName[slot] === name) continue;
        lastName[slot] = name;
        visit(slot, name, at);
      }
      if (name % NAMES_BETWEEN_PAUSES === NAMES_BETWEEN_PAUSES - 1) await pause();
    }
  };
  await eachPiece((slot) => counts[slot]!++);
  const starts = new Int32Array(counts.length + 1);
  counts.forEach((n, slot) => (starts[slot + 1] = starts[slot]! + n));
  const postings = new Int32Array(starts[counts.length]!);
  const pieceOffsets = new Uint8Array(postings.length);
  const filled = starts.slice(0, counts.length);
  lastName.fill(-1);
  await eachPiece((slot, name, at) => {
    pieceOffsets[filled[slot]!] = Math.min(at - nameStarts[name]!, 255);
    postings[filled[slot]!++] = name;
  });

  // Ties broken by id, as the database's `order by price_paise, id` does: `popular` holds each
  // product's place in id order.
  const idOrder = (a: number, b: number) => popular[a]! - popular[b]!;
  const order = (compare: (a: number, b: number) => number) => {
    const productAt = numbers(count).sort(compare);
    const positionIn = new Int32Array(count);
    productAt.forEach((product, position) => (positionIn[product] = position));
    return { productAt, positionIn };
  };
  const htl = order((a, b) => prices[b]! - prices[a]! || idOrder(a, b));
  await pause();
  const lth = order((a, b) => prices[a]! - prices[b]! || idOrder(a, b));
  const ids = textBlock(Array.from(popular, (i) => read.ids[i]!));
  return {
    version,
    size: count,
    names,
    nameStarts,
    categories,
    slots,
    starts,
    postings,
    pieceOffsets,
    positionIn: { htl: htl.positionIn, lth: lth.positionIn },
    productAt: { htl: htl.productAt, lth: lth.productAt },
    idOf: (product) => ids.bytes.toString('utf8', ids.starts[product], ids.starts[product + 1]),
  };
}

type Candidates = { products: Int32Array; pieceOffsets: Uint8Array; pieceInText: number };

/**
 * The products that may contain `text`, in order: those listed under its rarest three-byte
 * piece (and where that piece is in the text), or undefined for a shorter text, which any may contain.
 */
function candidatesFor(index: SearchIndex, text: Buffer): Candidates | undefined {
  if (text.length < 3) return undefined;
  let rarest: Candidates | undefined;
  for (let at = 0; at + 3 <= text.length; at++) {
    const slot = index.slots.get(pieceAt(text, at));
    if (slot === undefined)
      return { products: new Int32Array(0), pieceOffsets: new Uint8Array(0), pieceInText: 0 };
    const [from, to] = [index.starts[slot]!, index.starts[slot + 1]!];
    if (rarest && to - from >= rarest.products.length) continue;
    rarest = {
      products: index.postings.subarray(from, to),
      pieceOffsets: index.pieceOffsets.subarray(from, to),
      pieceInText: at,
    };
  }
  return rarest;
}

// One buffer for every search's matches (a search runs start to end without
// yielding): only the final list is a new array.
let scratch = new Int32Array(0);
function scratchOf(length: number): Int32Array {
  if (scratch.length < length) scratch = new Int32Array(length);
  return scratch;
}

/** Whether `text` is in `bytes` at `at`. */
function textAt(bytes: Buffer, at: number, text: Buffer): boolean {
  for (let k = 0; k < text.length; k++) if (bytes[at + k] !== text[k]) return false;
  return true;
}

/** Whether product `name`'s name has `text` in it, looking first `guess` bytes in. */
function nameHas({ names, nameStarts }: SearchIndex, name: number, text: Buffer, guess: number): boolean {
  const start = nameStarts[name]!;
  const last = nameStarts[name + 1]! - text.length;
  if (guess >= 0 && start + guess <= last && textAt(names, start + guess, text)) return true;
  for (let at = start; at <= last; at++) if (textAt(names, at, text)) return true;
  return false;
}

/** Every product matching a search, in its order. */
function matchesOf(index: SearchIndex, text: Buffer, category: number, sort: Sort): Int32Array {
  const { categories } = index;
  const candidates = candidatesFor(index, text);
  const count = candidates ? candidates.products.length : index.size;
  const found = scratchOf(count);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const product = candidates ? candidates.products[i]! : i;
    if (category !== ANY_CATEGORY && categories[product] !== category) continue;
    // Where the text would start if it holds the piece the candidates came by at that piece's first place.
    const guess = candidates ? candidates.pieceOffsets[i]! - candidates.pieceInText : -1;
    if (text.length && !nameHas(index, product, text, guess)) continue;
    found[total++] = product;
  }
  const matches = found.slice(0, total);
  if (sort === 'popular') return matches;
  // Popular order is the index's own; a price order is each match's position in it, sorted.
  const [positionIn, productAt] = [index.positionIn[sort], index.productAt[sort]];
  for (let i = 0; i < total; i++) matches[i] = positionIn[matches[i]!]!;
  matches.sort();
  for (let i = 0; i < total; i++) matches[i] = productAt[matches[i]!]!;
  return matches;
}

export type IndexPage = { ids: string[]; total: number };

/**
 * One page of a search: its products' ids, in the query's order, and how many match.
 * Names are matched as the database does: the lowercased text anywhere in the
 * lowercased name (repo.ts's name_search and LIKE pattern).
 */
export function searchInIndex(
  index: SearchIndex,
  query: Pick<ProductQuery, 'q' | 'category' | 'sort'>,
  offset: number,
  limit: number,
): IndexPage {
  const text = (query.q ?? '').toLowerCase();
  const category =
    query.category && query.category !== 'all' ? (CATEGORY_CODES.get(query.category) ?? 254) : ANY_CATEGORY;
  const matches = matchesOf(index, Buffer.from(text), category, query.sort ?? 'popular');
  const ids = Array.from(matches.subarray(offset, offset + limit), index.idOf);
  return { ids, total: matches.length };
}

// A busy shop's reviews move the catalog version often, and each rebuild reads the whole catalog.
const REBUILD_INTERVAL_MS = 10_000;

/**
 * `background` (production) builds the index beside the requests and uses it once it is at the
 * version a request read; tests force `built` (built for that version first) or `off` (the database).
 */
export type SearchIndexMode = 'background' | 'built' | 'off';

/**
 * The index of this instance: `at(version)` answers it if it is at that version, and otherwise
 * starts a rebuild in the background (one at a time, spaced out) and answers undefined.
 */
export function createCatalogSearch(
  db: Db,
  onError: (error: unknown) => void,
  {
    mode = 'background',
    rebuildIntervalMs = REBUILD_INTERVAL_MS,
    onBuilt = () => {},
  }: {
    mode?: SearchIndexMode;
    rebuildIntervalMs?: number;
    /** Told of each index built: its products and how long the build took (for the log). */
    onBuilt?: (built: { products: number; ms: number }) => void;
  } = {},
) {
  // Real time, not the app's clock (tests move that): this only spaces out work.
  const now = () => performance.now();
  let index: SearchIndex | undefined;
  let building: Promise<void> | undefined;
  let lastBuildAt = -Infinity;
  let wanted: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const build = () => {
    timer = undefined;
    if (closed || building) return;
    const startedAt = (lastBuildAt = now());
    building = buildSearchIndex(db)
      .then((built) => {
        // The catalog changed while it was read: the rebuild below, once allowed, reads it again.
        if (!built) return;
        index = built;
        try {
          onBuilt({ products: built.size, ms: Math.round(now() - startedAt) });
        } catch (error) {
          onError(error);
        }
      }, onError)
      .finally(() => {
        building = undefined;
        // The catalog moved again while building: go again when allowed.
        if (mode === 'background' && wanted !== undefined && wanted !== index?.version) schedule();
      });
  };
  const schedule = () => {
    if (closed || building || timer) return;
    const wait = lastBuildAt + rebuildIntervalMs - now();
    if (wait <= 0) build();
    else timer = setTimeout(build, wait).unref();
  };
  const settled = async () => {
    while (building) await building;
  };

  return {
    /** The index at this catalog version, if there is one (or, `built`, once it is made). */
    async at(version: string): Promise<SearchIndex | undefined> {
      if (mode === 'off') return undefined;
      wanted = version;
      if (index?.version === version) return index;
      if (mode === 'background') {
        schedule();
        return undefined;
      }
      await settled();
      if (index?.version !== version) {
        build();
        await settled();
      }
      // The catalog may have moved again while building: the database answers then.
      return index?.version === version ? index : undefined;
    },
    /** The index last built, at whatever version (tests). */
    latest: (): SearchIndex | undefined => index,
    /** Settles when no build is running (tests). */
    settled,
    close(): void {
      closed = true;
      clearTimeout(timer);
    },
  };
}

export type CatalogSearch = ReturnType<typeof createCatalogSearch>;
