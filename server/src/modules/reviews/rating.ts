import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../../db/index.js';
import type { Database } from '../../db/schema.js';

/**
 * Whether a review (a row of `reviews` in the query) is a verified purchase: its author has a
 * paid order of its product that was not cancelled or returned, so a refunded purchase never
 * buys stars.
 */
export const verifiedPurchase = sql<boolean>`exists (select 1 from orders
  where orders.user_id = reviews.user_id and orders.product_id = reviews.product_id
    and orders.status not in ('cancelled', 'returned'))`;

/**
 * Sets each product's rating to the average of its verified reviews
 * (`verifiedPurchase`) and `num_reviews` to all its reviews, which
 * stay listed. A review from an account that never bought the product is
 * shown, marked, but moves no stars: fresh accounts cost nothing to make.
 * The update moves the catalog version (migration 0008), so every cached
 * list and page shows the new rating.
 */
export async function recomputeRatings(db: Kysely<Database>, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .updateTable('products')
    .set({
      rating: sql<number>`coalesce((select avg(reviews.rating) from reviews
        where reviews.product_id = products.id and ${verifiedPurchase}), 0)`,
      num_reviews: sql<number>`(select count(*) from reviews where reviews.product_id = products.id)`,
    })
    .where('id', 'in', productIds)
    .execute();
}

/**
 * Recomputes the ratings of those of `productIds` this buyer has reviewed: a
 * purchase of one (or its cancellation or return) changes whether the review
 * counts. The product rows are locked first (PostgreSQL; SQLite has one
 * writer), as saving a review locks its product, so a review saved at the same
 * moment is counted either here or by the review's own recompute.
 */
export async function recomputeBuyerRatings(
  trx: Kysely<Database>,
  kind: DbKind,
  userId: string,
  productIds: readonly string[],
): Promise<void> {
  if (productIds.length === 0) return;
  const ids = [...productIds].sort();
  if (kind === 'postgres') {
    await trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
  }
  const reviewed = await trx
    .selectFrom('reviews')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('product_id', 'in', ids)
    .execute();
  await recomputeRatings(
    trx,
    reviewed.map((r) => r.product_id),
  );
}
