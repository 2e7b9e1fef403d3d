import { sql, type Kysely } from 'kysely';

/**
 * A product's rating counts verified reviews only (modules/reviews/rating.ts):
 * every product with reviews is rated again that way. A product without review
 * rows keeps its rating (an imported or generated catalog's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update products set
    rating = coalesce((select avg(reviews.rating) from reviews
      where reviews.product_id = products.id and exists (select 1 from orders
        where orders.user_id = reviews.user_id and orders.product_id = reviews.product_id)), 0),
    num_reviews = (select count(*) from reviews where reviews.product_id = products.id)
    where exists (select 1 from reviews where reviews.product_id = products.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update products set
    rating = coalesce((select avg(reviews.rating) from reviews where reviews.product_id = products.id), 0)
    where exists (select 1 from reviews where reviews.product_id = products.id)`.execute(db);
}
