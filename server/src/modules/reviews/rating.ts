import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Sets each product's rating to the average of its verified reviews (the
 * author has a paid order of it) and `num_reviews` to all its reviews, which
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
        where reviews.product_id = products.id and exists (select 1 from orders
          where orders.user_id = reviews.user_id and orders.product_id = reviews.product_id)), 0)`,
      num_reviews: sql<number>`(select count(*) from reviews where reviews.product_id = products.id)`,
    })
    .where('id', 'in', productIds)
    .execute();
}

/**
 * The products among `productIds` this user has reviewed: a purchase of one
 * of them makes the review count, so its rating is recomputed.
 */
export async function reviewedBy(
  db: Kysely<Database>,
  userId: string,
  productIds: readonly string[],
): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('reviews')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('product_id', 'in', productIds)
    .execute();
  return rows.map((r) => r.product_id);
}
