import { type Kysely } from 'kysely';

/**
 * The admin lists are paged in their own order (modules/admin): products and
 * orders newest first, users oldest first, ties by id. Without these indexes
 * each page sorted the whole table: at 100,000 products, every page of the
 * admin's product list sorted 100,000 rows.
 */
const indexes = [
  { name: 'products_newest', table: 'products', columns: ['created_at desc', 'id'] },
  { name: 'orders_newest', table: 'orders', columns: ['created_at desc', 'id'] },
  { name: 'users_oldest', table: 'users', columns: ['created_at', 'id'] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { name, table, columns } of indexes) {
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { name } of indexes) await db.schema.dropIndex(name).execute();
}
