import { sql } from 'kysely';
import { anyOf, createKeyedBatcher } from '../../db/batch.js';
import { compileOnce } from '../../db/compile-once.js';
import type { Db, DbKind } from '../../db/index.js';
import { readVersions } from './catalog-versions.js';
import { createProductPageCache } from './page-cache.js';
import { productColumns, toProduct, toReview } from './repo.js';

/**
 * A product with its reviews, latest first, as JSON; undefined if there is no
 * such product. A page this instance answered before is served again while
 * the catalog and stock versions are those it was filed under (page-cache.ts).
 */
export function createProductPage(db: Db, kind: DbKind, now: () => number) {
  const { productById, reviewsOf } = productPageReads(db, kind);
  const pages = createProductPageCache(now);
  return async (id: string): Promise<string | undefined> => {
    // Read before the rows: a change committed in between shows in the rows,
    // and the page, filed under the older versions, is read again next time.
    const versions = await readVersions(db, kind);
    const kept = pages.get(id, versions);
    if (kept !== undefined) return kept;
    const [[row], reviews] = await Promise.all([productById(id), reviewsOf(id)]);
    if (!row) return undefined;
    const page = JSON.stringify({ ...toProduct(row), reviews: reviews.map(toReview) });
    pages.set(id, versions, page);
    return page;
  };
}

/**
 * A product page's two reads: its row, and its reviews with whether each
 * author bought it. On PostgreSQL the pages asked at once share their trips
 * (db/batch.ts); SQLite answers in-process, where a trip costs nothing.
 */
function productPageReads(db: Db, kind: DbKind) {
  const product = db.selectFrom('products').select(productColumns);
  const reviews = db
    .selectFrom('reviews')
    .select(['product_id', 'user_id', 'user_name', 'rating', 'comment', 'created_at', 'updated_at'])
    // "Verified purchase": the author has a paid order for this product.
    .select(
      sql<boolean>`exists (select 1 from orders where orders.user_id = reviews.user_id and orders.product_id = reviews.product_id)`.as(
        'verified',
      ),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id');
  if (kind === 'sqlite') {
    return {
      productById: compileOnce(db, product.where('id', '=', '')),
      reviewsOf: compileOnce(db, reviews.where('product_id', '=', '')),
    };
  }
  const products = compileOnce(db, product.where(anyOf('id')));
  const reviewRows = compileOnce(db, reviews.where(anyOf('product_id')));
  return {
    productById: createKeyedBatcher(
      (ids) => products(ids),
      (row) => row.id,
    ),
    reviewsOf: createKeyedBatcher(
      (ids) => reviewRows(ids),
      (row) => row.product_id,
    ),
  };
}
