import {
  DEFAULT_PAGE_SIZE,
  MAX_UNPAGED_PRODUCTS,
  type Product,
  type ProductList,
  type ProductQuery,
} from '@shop/shared';
import type { Db, DbKind } from '../../db/index.js';
import { countCartLines, readVersionsAndCart, type Versions } from './catalog-versions.js';
import { nameContains } from './name-search.js';
import type { PageCache } from './page-cache.js';
import type { ProductPage } from './product-page.js';
import { productColumns, toProduct } from './product-fields.js';
import { productRowsById } from './product-rows.js';
import { searchInIndex, type CatalogSearch } from './search-index.js';

/** Where a page's products came from (tests). */
export type FoundBy = 'cache' | 'index' | 'database';

/** A catalog page as the page cache keeps it: the shopper's cart count is added to each answer. */
export type CatalogPage = { kind: 'catalog'; products: Product[]; total: number };

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

type Stores = { cache: PageCache<CatalogPage | ProductPage>; search: CatalogSearch };

export type PageAnswer = ProductList & { foundBy: FoundBy };

/**
 * Search (case-insensitive, on the name), filter, sort and page on the
 * server, and count the lines of the shopper's cart beside it. Without page
 * or limit the answer is the whole matching list, up to MAX_UNPAGED_PRODUCTS.
 * A page is answered from the page cache while the versions it was filed
 * under hold (page-cache.ts); else its ids come from the search index when
 * that is at the current catalog version (search-index.ts) and its products
 * are read by id, or the database finds the page itself.
 */
export async function listProducts(
  db: Db,
  kind: DbKind,
  stores: Stores,
  query: ProductQuery,
  userId: string,
): Promise<PageAnswer> {
  if (query.page === undefined && query.limit === undefined) return listWhole(db, kind, query, userId);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const key = `catalog ${JSON.stringify([query.q ?? '', query.category ?? 'all', query.sort ?? 'popular', page, limit])}`;
  // Read before any product row, so what is cached is never older than the versions it is filed under.
  const versions = await readVersionsAndCart(db, userId);
  const answer = (found: CatalogPage, foundBy: FoundBy): PageAnswer => ({
    products: found.products,
    total: found.total,
    page,
    limit,
    userCartQuantity: versions.cartLines,
    foundBy,
  });
  const cached = stores.cache.get(key, versions);
  if (cached?.kind === 'catalog') return answer(cached, 'cache');
  const asked = { db, kind, query, offset: (page - 1) * limit, limit };
  const fromIndex = await pageFromIndex(asked, stores.search, versions);
  const found = fromIndex ?? (await pageFromDatabase(asked));
  stores.cache.set(key, versions, found);
  return answer(found, fromIndex ? 'index' : 'database');
}

type Asked = { db: Db; kind: DbKind; query: ProductQuery; offset: number; limit: number };

/** The whole matching list, from the database (no page asked for), up to MAX_UNPAGED_PRODUCTS. */
async function listWhole(db: Db, kind: DbKind, query: ProductQuery, userId: string): Promise<PageAnswer> {
  const [rows, cartLines] = await Promise.all([
    sorted(db, kind, query).limit(MAX_UNPAGED_PRODUCTS).execute(),
    countCartLines(db, userId),
  ]);
  const products = rows.map(toProduct);
  const total =
    products.length < MAX_UNPAGED_PRODUCTS ? products.length : await countMatching(db, kind, query);
  return {
    products,
    total,
    page: 1,
    limit: products.length,
    userCartQuantity: cartLines,
    foundBy: 'database',
  };
}

/**
 * The page's ids from the search index at the current catalog version, and
 * its products read by id. A product deleted since the versions were read is
 * missing: the database answers that page instead.
 */
async function pageFromIndex(asked: Asked, search: CatalogSearch, versions: Versions) {
  const index = await search.at(versions.catalog);
  if (!index) return undefined;
  const { ids, total } = searchInIndex(index, asked.query, asked.offset, asked.limit);
  if (ids.length === 0) return { kind: 'catalog' as const, products: [], total };
  const rows = await productRowsById(asked.db)(ids);
  if (rows.length !== ids.length) return undefined;
  return { kind: 'catalog' as const, products: rows.map(toProduct), total };
}

/** The page as the database finds it. */
async function pageFromDatabase({ db, kind, query, offset, limit }: Asked): Promise<CatalogPage> {
  const [rows, total] = await Promise.all([
    sorted(db, kind, query).limit(limit).offset(offset).execute(),
    countMatching(db, kind, query),
  ]);
  return { kind: 'catalog', products: rows.map(toProduct), total };
}
