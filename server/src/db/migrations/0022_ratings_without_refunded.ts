import { sql, type Kysely } from 'kysely';

/**
 * A cancelled or returned purchase no longer verifies its buyer's review
 * (modules/reviews/rating.ts): every product with reviews is rated again that
 * way. Written out here, as the rule was when this ran.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update products set
    rating = coalesce((select avg(reviews.rating) from reviews
      where reviews.product_id = products.id and exists (select 1 from orders
        where orders.user_id = reviews.user_id and orders.product_id = reviews.product_id
          and orders.status not in ('cancelled', 'returned'))), 0)
    where exists (select 1 from reviews where reviews.product_id = products.id)`.execute(db);
}

/** Back to 0016's rule: any paid order verifies. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update products set
    rating = coalesce((select avg(reviews.rating) from reviews
      where reviews.product_id = products.id and exists (select 1 from orders
        where orders.user_id = reviews.user_id and orders.product_id = reviews.product_id)), 0)
    where exists (select 1 from reviews where reviews.product_id = products.id)`.execute(db);
}
