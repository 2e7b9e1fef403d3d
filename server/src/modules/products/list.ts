import { DEFAULT_PAGE_SIZE, MAX_UNPAGED_PRODUCTS, type Product, type ProductQuery } from '@shop/shared';
import type { Db, DbKind } from '../../db/index.js';
import { countCartLines, readProducts, readStock, readVersionsAndCart } from './catalog-versions.js';
import type { ListCache } from './list-cache.js';
import { nameContains } from './name-search.js';
import { productColumns, toProduct } from './repo.js';
import { searchInIndex, type CatalogSearch, type IndexPage, type SearchIndex } from './search-index.js';

/** Where a page's products came from (for tests and profiles; not in the API). */
export type FoundBy = 'cache' | 'index' | 'index, products known' | 'index, some products known' | 'database';

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
  /** The query's page in an index, worked out once for each index this answer looks at. */
  pageIn: (index: SearchIndex) => IndexPage;
};

function pageAsk(db: Db, kind: DbKind, stores: Stores, query: ProductQuery, userId: string): PageAsk {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const offset = (page - 1) * limit;
  let searched: { index: SearchIndex; page: IndexPage } | undefined;
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
    pageIn: (index) => {
      if (searched?.index !== index) searched = { index, page: searchInIndex(index, query, offset, limit) };
      return searched.page;
    },
  };
}

function answer(ask: PageAsk, products: Product[], total: number, cartLines: number, foundBy: FoundBy) {
  return { products, total, page: ask.page, limit: ask.limit, cartLines, foundBy };
}
type PageAnswer = ReturnType<typeof answer>;

/**
 * Search (case-insensitive, on the name), filter, sort and page on the
 * server, and count the lines of the shopper's cart beside it. Without page
 * or limit the answer is the whole matching list, up to MAX_UNPAGED_PRODUCTS.
 * A page seen before at the same catalog version skips the search and the
 * count; its stock is read again unless the stock version says nothing was
 * bought or restocked since (catalog-versions.ts; on PostgreSQL too). A page not seen before is
 * found in the in-process index when that is at the current catalog version
 * (search-index.ts), and by the database otherwise. The index keeps the
 * products read at its version: a new page of products read before costs their
 * stock at most, like a cached page, and a page of some of them the rows of the rest.
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

  // On PostgreSQL a page neither cached nor of known products costs a trip for its rows
  // whatever the versions say, and that trip brings them: one trip, not two.
  const latest = ask.search.latest();
  if (kind === 'postgres' && !cached && latest && !latest.products.pick(ask.pageIn(latest).numbers, null)) {
    const read = await readIndexPage(ask, latest);
    if (read) return read;
  }

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
  return { products, total, page: 1, limit: products.length, cartLines, foundBy: 'database' };
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

/** A page found in the search index at the current catalog version: known products, or rows read by id. */
async function fromIndex(ask: PageAsk, versions: Versions) {
  const index = ask.search.latest();
  if (!index || versions.catalog !== index.version) return undefined;
  const found = ask.pageIn(index);
  const known = index.products.pick(found.numbers, versions.stock);
  if (!known) return readIndexPage(ask, index, versions.stock);
  const fromKnown = (products: Product[], cartLines: number) => {
    ask.cache.set(ask.key, index.version, { products, total: found.total, stockVersion: versions.stock });
    return answer(ask, products, found.total, cartLines, 'index, products known');
  };
  if (known.fresh) return fromKnown(known.products, versions.cartLines);
  const current = await readStock(ask.db, ask.kind, found.ids, ask.userId);
  ask.search.sawVersion(current.catalogVersion);
  if (current.catalogVersion !== index.version) return undefined;
  const products = withStock(known.products, current.stock);
  products.forEach((product, i) => index.products.add(found.numbers[i]!, product, versions.stock));
  return fromKnown(products, current.cartLines);
}

/**
 * An index page's rows, read by id and filed with the products the index knows;
 * of the products it knows already (other pages showed them), no row is read.
 * `stockVersion` was read before them, and only products known at it are used;
 * undefined: the read brings its own (PostgreSQL's, in the same statement, so of
 * the same moment as the rows), and the stock of every known product with it.
 */
async function readIndexPage(ask: PageAsk, index: SearchIndex, stockVersion?: string | null) {
  const found = ask.pageIn(index);
  const known = index.products.some(found.numbers, stockVersion);
  const whole = found.ids.filter((_, i) => !known[i]);
  // Known at the stock version read before: as they were. Otherwise their stock now.
  const stock = stockVersion === undefined ? found.ids.filter((_, i) => known[i]) : [];
  const current = await readProducts(ask.db, ask.kind, { whole, stock }, ask.userId);
  ask.search.sawVersion(current.catalogVersion);
  if (current.catalogVersion !== index.version || current.rows.size !== whole.length + stock.length) {
    return undefined;
  }
  const filedAt = stockVersion === undefined ? current.stockVersion : stockVersion;
  // Every id asked for was read: the count above says so.
  const rowOf = (id: string) => current.rows.get(id)!;
  const products = withStock(
    found.ids.map((id, i) => known[i] ?? toProduct(rowOf(id), id)),
    new Map(stock.map((id) => [id, rowOf(id).count_in_stock])),
  );
  products.forEach((product, i) => index.products.add(found.numbers[i]!, product, filedAt));
  ask.cache.set(ask.key, index.version, { products, total: found.total, stockVersion: filedAt });
  const foundBy = whole.length < found.ids.length ? 'index, some products known' : 'index';
  return answer(ask, products, found.total, current.cartLines, foundBy);
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
