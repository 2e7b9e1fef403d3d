import { DEFAULT_PAGE_SIZE, MAX_UNPAGED_PRODUCTS, type Product, type ProductQuery } from '@shop/shared';
import type { Db, DbKind } from '../../db/index.js';
import { countCartLines, readStock, readVersionsAndCart } from './catalog-versions.js';
import type { ListCache } from './list-cache.js';
import { nameContains } from './name-search.js';
import { productColumns, toProduct } from './repo.js';
import { searchInIndex, type CatalogSearch } from './search-index.js';

/** Where a page's products came from (for tests and profiles; not in the API). */
export type FoundBy = 'cache' | 'index' | 'index, stock read' | 'database';

/**
 * These products with the stock read now; one whose stock was not read stays
 * as it is. A product deleted since moves the catalog version, which the caller
 * checks, so every id read is still there.
 * Products whose stock did not move are the same objects (less garbage per answer).
 */
function withStock(products: Product[], stock: Map<string, number>): Product[] {
  return products.map((p) => {
    const countInStock = stock.get(p._id) ?? p.countInStock;
    return countInStock === p.countInStock ? p : { ...p, countInStock };
  });
}

function matching(db: Db, kind: DbKind, query: ProductQuery) {
  let base = db.selectFrom('products');
  if (query.q) base = base.where(nameContains(kind, query.q));
  if (query.category && query.category !== 'all') base = base.where('category', '=', query.category);
  return base;
}

function sorted(db: Db, kind: DbKind, query: ProductQuery) {
  const rows = matching(db, kind, query).select(productColumns);
  switch (query.sort ?? 'popular') {
    case 'htl':
      return rows.orderBy('price_paise', 'desc').orderBy('id');
    case 'lth':
      return rows.orderBy('price_paise', 'asc').orderBy('id');
    default:
      return rows.orderBy('rating', 'desc').orderBy('num_reviews', 'desc').orderBy('id');
  }
}

async function countMatching(db: Db, kind: DbKind, query: ProductQuery): Promise<number> {
  const { total } = await matching(db, kind, query)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * `head`: how the catalog and stock versions and the shopper's cart line count
 * are read (the routes memoize it on SQLite, db/read-memo.ts); readVersionsAndCart if none.
 */
type Stores = { cache: ListCache; search: CatalogSearch; head?: (userId: string) => Promise<Versions> };
type Versions = Awaited<ReturnType<typeof readVersionsAndCart>>;
type CachedEntry = NonNullable<ReturnType<ListCache['get']>>;

/** One paged catalog question, and what each way of answering it needs. */
type PageAsk = Stores & {
  db: Db;
  kind: DbKind;
  query: ProductQuery;
  userId: string;
  key: string;
  page: number;
  limit: number;
  offset: number;
};

function pageAsk(db: Db, kind: DbKind, stores: Stores, query: ProductQuery, userId: string): PageAsk {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const offset = (page - 1) * limit;
  return {
    ...stores,
    db,
    kind,
    query,
    userId,
    key: JSON.stringify([query.q ?? '', query.category ?? 'all', query.sort ?? 'popular', page, limit]),
    page,
    limit,
    offset,
  };
}

/**
 * `json`: the API's answer, text or UTF-8 bytes (a page from the search
 * index's shelf is written as bytes, shelf.ts); the rest for tests and the log.
 */
export type PageAnswer = {
  json: string | Buffer;
  total: number;
  page: number;
  limit: number;
  cartLines: number;
  foundBy: FoundBy;
};

/** Writes the page's products as a JSON array between two texts. */
type Render = (before: string, after: string) => Buffer;

function answer(
  ask: Pick<PageAsk, 'page' | 'limit'>,
  products: Product[] | Render,
  total: number,
  cartLines: number,
  foundBy: FoundBy,
): PageAnswer {
  const { page, limit } = ask;
  const before = '{"products":';
  const after = `,"total":${total},"page":${page},"limit":${limit},"userCartQuantity":${cartLines}}`;
  const json =
    typeof products === 'function' ? products(before, after) : `${before}${JSON.stringify(products)}${after}`;
  return { json, total, page, limit, cartLines, foundBy };
}

/**
 * Search (case-insensitive, on the name), filter, sort and page on the
 * server, and count the lines of the shopper's cart beside it. Without page
 * or limit the answer is the whole matching list, up to MAX_UNPAGED_PRODUCTS.
 * A page seen before at the same catalog version skips the search and the
 * count; its stock is read again unless the stock version says nothing was
 * bought or restocked since (catalog-versions.ts; on PostgreSQL too). A page not seen before is
 * found in the in-process index when that is at the current catalog version
 * (search-index.ts), and by the database otherwise. The index holds every
 * product as read at its version (shelf.ts): a page found there reads no rows,
 * only, like a cached page, the stock of its products if that may have moved.
 */
export async function listProducts(
  db: Db,
  kind: DbKind,
  stores: Stores,
  query: ProductQuery,
  userId: string,
): Promise<PageAnswer> {
  if (query.page === undefined && query.limit === undefined) return listWhole(db, kind, query, userId);
  const ask = pageAsk(db, kind, stores, query, userId);
  const cached = ask.cache.get(ask.key);
  // Read before any product row, so what is cached is never older than the versions it is filed under.
  const versions = await (stores.head ? stores.head(userId) : readVersionsAndCart(db, kind, userId));
  if (cached && versions.catalog === cached.version) {
    const fromCache = await fromCachedPage(ask, cached, versions);
    if (fromCache) return fromCache;
  }
  ask.search.sawVersion(versions.catalog);
  return (await fromIndex(ask, versions)) ?? fromDatabase(ask, versions);
}

/** The whole matching list, from the database (no page asked for), up to MAX_UNPAGED_PRODUCTS. */
async function listWhole(db: Db, kind: DbKind, query: ProductQuery, userId: string): Promise<PageAnswer> {
  const [rows, cartLines] = await Promise.all([
    sorted(db, kind, query).limit(MAX_UNPAGED_PRODUCTS).execute(),
    countCartLines(db, userId),
  ]);
  const products = rows.map((row) => toProduct(row));
  const total =
    products.length < MAX_UNPAGED_PRODUCTS ? products.length : await countMatching(db, kind, query);
  return answer({ page: 1, limit: products.length }, products, total, cartLines, 'database');
}

/** A page cached at the current catalog version, with its stock read again if that may have moved. */
async function fromCachedPage(ask: PageAsk, cached: CachedEntry, versions: Versions) {
  if (versions.stock !== null && versions.stock === cached.stockVersion) {
    return answer(ask, cached.products, cached.total, versions.cartLines, 'cache');
  }
  const current = await readStock(
    ask.db,
    ask.kind,
    cached.products.map((p) => p._id),
    ask.userId,
  );
  if (current.catalogVersion !== cached.version) return undefined;
  const products = withStock(cached.products, current.stock);
  // Filed again only when something moved: an entry replaced on every answer outlives
  // young collections and ends as garbage in V8's old generation.
  if (versions.stock !== cached.stockVersion || products.some((p, i) => p !== cached.products[i])) {
    ask.cache.set(ask.key, cached.version, { products, total: cached.total, stockVersion: versions.stock });
  }
  return answer(ask, products, cached.total, current.cartLines, 'cache');
}

/**
 * A page found in the search index at the current catalog version, written
 * from its shelf; the stock of its products read first unless each one's is as
 * it was at the stock version read before (nothing bought or restocked since).
 * Pages of the index are not cached: the index answers them as cheaply.
 */
async function fromIndex(ask: PageAsk, versions: Versions) {
  const index = ask.search.latest();
  if (!index || versions.catalog !== index.version) return undefined;
  const found = searchInIndex(index, ask.query, ask.offset, ask.limit);
  const { shelf } = index;
  const render: Render = (before, after) => shelf.render(found.numbers, before, after);
  if (shelf.fresh(found.numbers, versions.stock)) {
    return answer(ask, render, found.total, versions.cartLines, 'index');
  }
  const ids = Array.from(found.numbers, (number) => shelf.idOf(number));
  const current = await readStock(ask.db, ask.kind, ids, ask.userId);
  ask.search.sawVersion(current.catalogVersion);
  // A product deleted since moves the catalog version too.
  if (current.catalogVersion !== index.version || current.stock.size !== ids.length) return undefined;
  // Read after `versions.stock` was: filed under it, the stock is never older than its version.
  found.numbers.forEach((number, i) => shelf.setStock(number, current.stock.get(ids[i]!)!, versions.stock));
  return answer(ask, render, found.total, current.cartLines, 'index, stock read');
}

/** The page as the database finds it: the answer when no current index has it. */
async function fromDatabase(ask: PageAsk, versions: Versions) {
  const [rows, total] = await Promise.all([
    sorted(ask.db, ask.kind, ask.query).limit(ask.limit).offset(ask.offset).execute(),
    countMatching(ask.db, ask.kind, ask.query),
  ]);
  const products = rows.map((row) => toProduct(row));
  ask.cache.set(ask.key, versions.catalog, { products, total, stockVersion: versions.stock });
  return answer(ask, products, total, versions.cartLines, 'database');
}
