import { DEFAULT_PAGE_SIZE, type Product, type ProductQuery } from '@shop/shared';
import { sql } from 'kysely';
import type { Db, DbKind } from '../../db/index.js';
import { countCartLines, readProducts, readStock, readVersionsAndCart } from './catalog-versions.js';
import type { ListCache } from './list-cache.js';
import { containsPattern, productColumns, toProduct } from './repo.js';
import { searchInIndex, type CatalogSearch, type IndexPage, type SearchIndex } from './search-index.js';

/** Where a page's products came from (for tests and profiles; not in the API). */
export type FoundBy = 'cache' | 'index' | 'index, products known' | 'database';

/**
 * These products with the stock read now. A product deleted since moves the
 * catalog version, which the caller checks, so every id is still there.
 * Products whose stock did not move are the same objects (less garbage per answer).
 */
function withStock(products: Product[], stock: Map<string, number>): Product[] {
  return products.map((p) => {
    const countInStock = stock.get(p._id) ?? 0;
    return countInStock === p.countInStock ? p : { ...p, countInStock };
  });
}

/** Trigram indexes (migration 0007) only help from three characters on. */
const INDEXED_SEARCH_LENGTH = 3;

/** FTS5 phrase for "contains this text": the whole text in quotes, its quotes doubled. */
function ftsPhrase(text: string): string {
  return `"${text.toLowerCase().replaceAll('"', '""')}"`;
}

function matching(db: Db, kind: DbKind, query: ProductQuery) {
  let base = db.selectFrom('products');
  if (query.q) {
    if (kind === 'sqlite' && [...query.q].length >= INDEXED_SEARCH_LENGTH) {
      // The trigram tokenizer matches a quoted phrase as a substring, like LIKE '%q%'.
      base = base.where(
        sql<boolean>`products.rowid in (select rowid from products_search where products_search match ${ftsPhrase(query.q)})`,
      );
    } else {
      // PostgreSQL answers this from its trigram index by itself.
      base = base.where(sql<boolean>`name_search like ${containsPattern(query.q)} escape '\\'`);
    }
  }
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
 * Search (case-insensitive, on the name), filter, sort and page on the
 * server, and count the lines of the shopper's cart beside it. Without page
 * or limit the answer is the whole matching list.
 * A page seen before at the same catalog version skips the search and the
 * count; its stock is read again unless the stock version says nothing was
 * bought or restocked since (catalog-versions.ts; on PostgreSQL too). A page not seen before is
 * found in the in-process index when that is at the current catalog version
 * (search-index.ts), and by the database otherwise. The index keeps the
 * products read at its version: a new page of products read before costs their
 * stock at most, like a cached page.
 */
export async function listProducts(
  db: Db,
  kind: DbKind,
  { cache, search }: { cache: ListCache; search: CatalogSearch },
  query: ProductQuery,
  userId: string,
) {
  const paged = query.page !== undefined || query.limit !== undefined;
  if (!paged) {
    const [rows, cartLines] = await Promise.all([
      sorted(db, kind, query).execute(),
      countCartLines(db, userId),
    ]);
    const products = rows.map((row) => toProduct(row));
    return {
      products,
      total: products.length,
      page: 1,
      limit: products.length,
      cartLines,
      foundBy: 'database' as FoundBy,
    };
  }
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const key = JSON.stringify([query.q ?? '', query.category ?? 'all', query.sort ?? 'popular', page, limit]);
  const answer = (products: Product[], total: number, cartLines: number, foundBy: FoundBy) => ({
    products,
    total,
    page,
    limit,
    cartLines,
    foundBy,
  });

  const cached = cache.get(key);
  const offset = (page - 1) * limit;
  // The query's page in an index, worked out once for each index this answer looks at.
  let searched: { index: SearchIndex; page: IndexPage } | undefined;
  const pageIn = (index: SearchIndex): IndexPage => {
    if (searched?.index !== index) searched = { index, page: searchInIndex(index, query, offset, limit) };
    return searched.page;
  };

  /**
   * An index page's rows, read by id and filed with the products the index knows.
   * `stockVersion` was read before them; undefined: the read brings its own
   * (PostgreSQL's, in the same statement, so of the same moment as the rows).
   */
  const readIndexPage = async (index: SearchIndex, found: IndexPage, stockVersion?: string | null) => {
    const current = await readProducts(db, kind, found.ids, userId);
    search.sawVersion(current.catalogVersion);
    const rows = found.ids.flatMap((id) => current.rows.get(id) ?? []);
    if (current.catalogVersion !== index.version || rows.length !== found.ids.length) return undefined;
    const filedAt = stockVersion === undefined ? current.stockVersion : stockVersion;
    const products = rows.map((row, i) => toProduct(row, found.ids[i]));
    products.forEach((product, i) => index.products.add(found.numbers[i]!, product, filedAt));
    cache.set(key, index.version, { products, total: found.total, stockVersion: filedAt });
    return answer(products, found.total, current.cartLines, 'index');
  };

  // On PostgreSQL a page neither cached nor of known products costs a trip for its rows
  // whatever the versions say, and that trip brings them: one trip, not two.
  const latest = search.latest();
  if (kind === 'postgres' && !cached && latest) {
    const found = pageIn(latest);
    if (!latest.products.pick(found.numbers, null)) {
      const read = await readIndexPage(latest, found);
      if (read) return read;
    }
  }

  // Read before any product row, so what is cached is never older than the versions it is filed under.
  const versions = await readVersionsAndCart(db, kind, userId);
  if (cached && versions.catalog === cached.version) {
    if (versions.stock !== null && versions.stock === cached.stockVersion) {
      return answer(cached.products, cached.total, versions.cartLines, 'cache');
    }
    const current = await readStock(
      db,
      kind,
      cached.products.map((p) => p._id),
      userId,
    );
    if (current.catalogVersion === cached.version) {
      const products = withStock(cached.products, current.stock);
      // Filed again only when something moved: an entry replaced on every answer outlives
      // young collections and ends as garbage in V8's old generation.
      if (versions.stock !== cached.stockVersion || products.some((p, i) => p !== cached.products[i])) {
        cache.set(key, cached.version, { products, total: cached.total, stockVersion: versions.stock });
      }
      return answer(products, cached.total, current.cartLines, 'cache');
    }
  }
  search.sawVersion(versions.catalog);

  const index = search.latest();
  const found = index && versions.catalog === index.version ? pageIn(index) : undefined;
  if (index && found) {
    const known = index.products.pick(found.numbers, versions.stock);
    const fromKnown = (products: Product[], cartLines: number) => {
      cache.set(key, index.version, { products, total: found.total, stockVersion: versions.stock });
      return answer(products, found.total, cartLines, 'index, products known');
    };
    if (known?.fresh) return fromKnown(known.products, versions.cartLines);
    if (known) {
      const current = await readStock(db, kind, found.ids, userId);
      search.sawVersion(current.catalogVersion);
      if (current.catalogVersion === index.version) {
        const products = withStock(known.products, current.stock);
        products.forEach((product, i) => index.products.add(found.numbers[i]!, product, versions.stock));
        return fromKnown(products, current.cartLines);
      }
    } else {
      const read = await readIndexPage(index, found, versions.stock);
      if (read) return read;
    }
  }

  const [rows, total] = await Promise.all([
    sorted(db, kind, query).limit(limit).offset(offset).execute(),
    countMatching(db, kind, query),
  ]);
  const products = rows.map((row) => toProduct(row));
  cache.set(key, versions.catalog, { products, total, stockVersion: versions.stock });
  return answer(products, total, versions.cartLines, 'database');
}
