import { REVIEWS_ON_PRODUCT_PAGE, type Review } from '@shop/shared';
import { sql } from 'kysely';
import { anyOf, createKeyedBatcher } from '../../db/batch.js';
import { compileOnce } from '../../db/compile-once.js';
import type { Db, DbKind } from '../../db/index.js';
import { createReadMemo } from '../../db/read-memo.js';
import { readVersions, type Versions } from './catalog-versions.js';
import { createProductPageCache, type ProductPage } from './page-cache.js';
import { productColumns, toProduct, toReview } from './repo.js';

/**
 * A product with its latest reviews, as JSON; undefined if there is no such
 * product. A page this instance answered before is served again while the
 * catalog and stock versions are those it was filed under (page-cache.ts;
 * the versions' read is memoized, db/read-memo.ts). `seenMark`: the mark of
 * the shopper's last write through another instance (lib/seen-writes.ts).
 * `ownReview`: a shopper's own review of it, for a page whose reviews were cut.
 */
export function createProductPage(db: Db, kind: DbKind, now: () => number) {
  const { productById, reviewsOf, ownReviewOf } = productPageReads(db, kind);
  const pages = createProductPageCache(now);
  const currentVersions = createReadMemo(db, now, () => readVersions(db, kind), 1, versionsHoldEarlier);
  return {
    /** The page from memory, with no read and no promise; undefined where `page` would read. */
    keptPage(id: string, seenMark?: string): ProductPage | undefined {
      const versions = currentVersions.kept(undefined, seenMark);
      return versions === undefined ? undefined : pages.get(id, versions);
    },
    async page(id: string, seenMark?: string): Promise<ProductPage | undefined> {
      // Read before the rows: a change committed in between shows in the rows,
      // and the page, filed under the older versions, is read again next time.
      const versions = await currentVersions(undefined, seenMark);
      const kept = pages.get(id, versions);
      if (kept !== undefined) return kept;
      const [[row], reviews] = await Promise.all([productById(id), reviewsOf(id)]);
      if (!row) return undefined;
      const product = toProduct(row);
      const page = {
        json: JSON.stringify({ ...product, reviews: reviews.map(toReview) }),
        // Cut only if a whole page came back: numReviews may count more rows than exist
        // (a generated or imported catalog), and a cut page costs each shopper a read.
        reviewsCut: reviews.length === REVIEWS_ON_PRODUCT_PAGE && product.numReviews > reviews.length,
      };
      pages.set(id, versions, page);
      return page;
    },
    async ownReview(productId: string, userId: string): Promise<Review | null> {
      const [row] = await ownReviewOf(productId, userId);
      return row ? toReview(row) : null;
    },
  };
}

/**
 * Versions at least as high as those read after a shopper's write hold it too:
 * both only grow, and every change a page shows moves one of them (migrations
 * 0008, 0011, 0012).
 */
const versionsHoldEarlier = (later: Versions, earlier: Versions) =>
  Number(later.catalog) >= Number(earlier.catalog) && Number(later.stock ?? 0) >= Number(earlier.stock ?? 0);

type ReviewRow = Parameters<typeof toReview>[0] & { product_id: string };

/**
 * A product page's reads: its row, its latest reviews with whether each
 * author bought it, and one shopper's own review. On PostgreSQL the pages
 * asked at once share their trips (db/batch.ts); SQLite answers in-process,
 * where a trip costs nothing.
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
    );
  const ownReviewOf = compileOnce(db, reviews.where('product_id', '=', '').where('user_id', '=', ''));
  if (kind === 'sqlite') {
    const latest = reviews
      .where('product_id', '=', '')
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(sql.lit(REVIEWS_ON_PRODUCT_PAGE));
    return {
      productById: compileOnce(db, product.where('id', '=', '')),
      reviewsOf: compileOnce(db, latest),
      ownReviewOf,
    };
  }
  const products = compileOnce(db, product.where(anyOf('id')));
  // The latest of each product asked for in the trip, each read backwards along
  // reviews_product_latest and stopped at the limit (numbering all of a product's
  // reviews with row_number() read and sorted every one: 15 ms at 10,000). The
  // columns are `reviews` above, written out: Kysely has no typed LATERAL over unnest.
  // SQLite has no LATERAL at all, and reads one product at a time anyway.
  const latestOfEach = sql<ReviewRow & { review_id: string }>`
    select latest.* from unnest(${[]}::text[]) with ordinality as asked(product_id, asked_order)
    cross join lateral (
      select reviews.id as review_id, reviews.product_id, reviews.user_id, reviews.user_name,
        reviews.rating, reviews.comment, reviews.created_at, reviews.updated_at,
        exists (select 1 from orders where orders.user_id = reviews.user_id
          and orders.product_id = reviews.product_id) as verified
      from reviews where reviews.product_id = asked.product_id
      order by reviews.updated_at desc, reviews.id
      limit ${sql.lit(REVIEWS_ON_PRODUCT_PAGE)}
    ) as latest
    order by asked.asked_order, latest.updated_at desc, latest.review_id`;
  const reviewRows = compileOnce(db, latestOfEach);
  return {
    productById: createKeyedBatcher(
      (ids) => products(ids),
      (row) => row.id,
    ),
    reviewsOf: createKeyedBatcher(
      (ids) => reviewRows(ids),
      (row) => row.product_id,
    ),
    ownReviewOf,
  };
}
