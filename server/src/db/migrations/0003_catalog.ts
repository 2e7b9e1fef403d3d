import { sql, type Kysely } from 'kysely';

/**
 * Reviews (one per user and product, enforced here), the cart lines the
 * catalog counts, and the columns and indexes search, filter and sort need.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Lower-cased in the app (full Unicode, unlike SQLite's lower()), searched with LIKE.
  await db.schema
    .alterTable('products')
    .addColumn('name_search', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update products set name_search = lower(name)`.execute(db);

  await db.schema
    .createIndex('products_category_price')
    .on('products')
    .columns(['category', 'price_paise'])
    .execute();
  await db.schema.createIndex('products_price').on('products').columns(['price_paise', 'id']).execute();
  await db.schema
    .createIndex('products_popular')
    .on('products')
    .expression(sql`rating desc, num_reviews desc, id`)
    .execute();
  await db.schema
    .createIndex('products_category_popular')
    .on('products')
    .expression(sql`category, rating desc, num_reviews desc, id`)
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    // No foreign key: a deleted account's reviews stay for the shop's records.
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('rating', sql`double precision`, (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reviews_one_per_user_and_product', ['product_id', 'user_id'])
    .addCheckConstraint('reviews_rating_range', sql`rating >= 0.5 and rating <= 5`)
    .execute();
  await db.schema
    .createIndex('reviews_product_latest')
    .on('reviews')
    .columns(['product_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('cart_lines')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['user_id', 'product_id'])
    .addCheckConstraint('cart_lines_quantity_positive', sql`quantity >= 1`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cart_lines').execute();
  await db.schema.dropTable('reviews').execute();
  await db.schema.dropIndex('products_category_popular').execute();
  await db.schema.dropIndex('products_popular').execute();
  await db.schema.dropIndex('products_price').execute();
  await db.schema.dropIndex('products_category_price').execute();
  await db.schema.alterTable('products').dropColumn('name_search').execute();
}
