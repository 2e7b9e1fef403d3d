import { DEFAULT_PAGE_SIZE, type ProductQuery } from '@shop/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { containsPattern, productColumns, toProduct } from './repo.js';

/**
 * Search (case-insensitive, on the name), filter, sort and page on the
 * server. Without page or limit the answer is the whole matching list.
 */
export async function listProducts(db: Db, query: ProductQuery) {
  let base = db.selectFrom('products');
  if (query.q) {
    base = base.where(sql<boolean>`name_search like ${containsPattern(query.q)} escape '\\'`);
  }
  if (query.category && query.category !== 'all') base = base.where('category', '=', query.category);

  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();

  let rows = base.select(productColumns);
  switch (query.sort ?? 'popular') {
    case 'htl':
      rows = rows.orderBy('price_paise', 'desc').orderBy('id');
      break;
    case 'lth':
      rows = rows.orderBy('price_paise', 'asc').orderBy('id');
      break;
    default:
      rows = rows.orderBy('rating', 'desc').orderBy('num_reviews', 'desc').orderBy('id');
  }

  const paged = query.page !== undefined || query.limit !== undefined;
  const limit = query.limit ?? (paged ? DEFAULT_PAGE_SIZE : Number(total));
  const page = query.page ?? 1;
  if (paged) rows = rows.limit(limit).offset((page - 1) * limit);

  const products = (await rows.execute()).map(toProduct);
  return { products, total: Number(total), page, limit };
}
