import { REVIEWS_ON_PRODUCT_PAGE, type ProductWithReviews, type Review } from '@shop/shared';
import { sql } from 'kysely';
import { createKeyedBatcher } from '../../db/batch.js';
import { compileOnce } from '../../db/compile-once.js';
import type { Db, DbKind } from '../../db/index.js';
import { verifiedPurchase } from '../reviews/rating.js';
import { readVersions } from './catalog-versions.js';
import type { CatalogPage } from './list.js';
import type { PageCache } from './page-cache.js';
import { toProduct } from './product-fields.js';
import { productRowsById } from './product-rows.js';
import { toReview } from './repo.js';

/** A product page as the page cache keeps it, and whether its reviews are only the latest of more. */
export type ProductPage = { kind: 'product'; product: ProductWithReviews; reviewsCut: boolean };

/**
 * A product with its latest reviews; undefined if there is no such product.
 * Answered from the page cache while the versions it was filed under hold
 * (page-cache.ts). `ownReview`: a shopper's own review of it, for a page
 * whose reviews were cut.
 */
export function createProductPage(db: Db, kind: DbKind, cache: PageCache<ProductPage | CatalogPage>) {
  const { productById, reviewsOf, ownReviewOf } = productPageReads(db, kind);
  return {
    async page(id: string): Promise<ProductPage | undefined> {
      // Read before the rows: a change committed in between shows in the rows,
      // and the page, filed under the older versions, is read again next time.
      const versions = await readVersions(db);
      const key = `product ${id}`;
      const cached = cache.get(key, versions);
      if (cached?.kind === 'product') return cached;
      const [[row], reviews] = await Promise.all([productById(id), reviewsOf(id)]);
      if (!row) return undefined;
      const product = toProduct(row);
      const page: ProductPage = {
        kind: 'product',
        product: { ...product, reviews: reviews.map(toReview) },
        // Cut only if a whole page came back: numReviews may count more rows than exist
        // (a generated or imported catalog), and a cut page costs each shopper a read.
        reviewsCut: reviews.length === REVIEWS_ON_PRODUCT_PAGE && product.numReviews > reviews.length,
      };
      cache.set(key, versions, page);
      return page;
    },
    async ownReview(productId: string, userId: string): Promise<Review | null> {
      const [row] = await ownReviewOf(productId, userId);
      return row ? toReview(row) : null;
    },
  };
}

type ReviewRow = Parameters<typeof toReview>[0] & { product_id: string };

/**
 * A product page's reads: its row, its latest reviews with whether each
 * author bought it, and one shopper's own review. On PostgreSQL the pages
 * asked at once share their trips (db/batch.ts); on SQLite, without LATERAL,
 * each page is read alone (a page asked for often comes from the page cache).
 */
function productPageReads(db: Db, kind: DbKind) {
  const rowsById = productRowsById(db);
  const productById = (id: string) => rowsById([id]);
  const reviews = db
    .selectFrom('reviews')
    .select(['product_id', 'user_id', 'user_name', 'rating', 'comment', 'created_at', 'updated_at'])
    .select(verifiedPurchase.as('verified'));
  const ownReviewOf = compileOnce(db, reviews.where('product_id', '=', '').where('user_id', '=', ''));
  if (kind === 'sqlite') {
    const latest = reviews
      .where('product_id', '=', '')
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(sql.lit(REVIEWS_ON_PRODUCT_PAGE));
    return {
      productById,
      reviewsOf: compileOnce(db, latest),
      ownReviewOf,
    };
  }
  // The latest of each product asked for in the trip, each read backwards along
  // reviews_product_latest and stopped at the limit (numbering all of a product's
  // reviews with row_number() would read and sort every one). The
  // columns are `reviews` above, written out: Kysely has no typed LATERAL over unnest.
  // SQLite has no LATERAL at all, and reads one product at a time anyway.
  const latestOfEach = sql<ReviewRow & { review_id: string }>`
    select latest.* from unnest(${[]}::text[]) with ordinality as asked(product_id, asked_order)
    cross join lateral (
      select reviews.id as review_id, reviews.product_id, reviews.user_id, reviews.user_name,
        reviews.rating, reviews.comment, reviews.created_at, reviews.updated_at,
        ${verifiedPurchase} as verified
      from reviews where reviews.product_id = asked.product_id
      order by reviews.updated_at desc, reviews.id
      limit ${sql.lit(REVIEWS_ON_PRODUCT_PAGE)}
    ) as latest
    order by asked.asked_order, latest.updated_at desc, latest.review_id`;
  const reviewRows = compileOnce(db, latestOfEach);
  return {
    productById,
    reviewsOf: createKeyedBatcher(
      (ids) => reviewRows(ids),
      (row) => row.product_id,
    ),
    ownReviewOf,
  };
}
