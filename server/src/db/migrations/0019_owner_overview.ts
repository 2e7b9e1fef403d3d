import { sql, type Kysely } from 'kysely';

/**
 * The owner's overview (modules/overview) and settings (modules/settings):
 * - shop_settings: the owner's settings as key/value text (the low-stock
 *   default threshold first); a setting never saved has its default in code;
 * - product_low_stock: a product's own threshold (null: the default) and when
 *   it was last reported low, so the daily mail names only newly low ones. Its
 *   own table: the catalog neither shows nor caches it;
 * - low_stock_mail_days: one row per day the low-stock check ran; its key lets
 *   exactly one instance run it;
 * - indexes so the overview sums orders and refunds by date from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_low_stock')
    .addColumn('product_id', 'text', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('threshold', 'integer', (c) => c.check(sql`threshold >= 0`))
    .addColumn('reported_at', 'text')
    .execute();

  await db.schema
    .createTable('low_stock_mail_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('orders_sales_by_date')
    .on('orders')
    .columns(['created_at', 'amount_paise', 'quantity', 'status', 'product_id'])
    .execute();
  await db.schema
    .createIndex('refunds_by_date')
    .on('refunds')
    .columns(['created_at', 'status', 'order_id', 'amount_paise'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refunds_by_date').execute();
  await db.schema.dropIndex('orders_sales_by_date').execute();
  for (const table of ['low_stock_mail_days', 'product_low_stock', 'shop_settings']) {
    await db.schema.dropTable(table).execute();
  }
}
