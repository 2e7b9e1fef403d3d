import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The stock version (0010 on SQLite, 0011 on PostgreSQL) also moves with
 * every review and every order written. A product page kept in memory
 * (modules/products/page-cache.ts) shows reviews, and whether each author
 * bought the product, beside the product's row: it is checked against the
 * catalog and stock versions only, so these writes must move one of them.
 * A paid checkout adds orders without touching stock, and a review written
 * by other means than the app (an operator's SQL) need not touch the
 * product's rating. On PostgreSQL each such statement adds a row to
 * `stock_changes`, as stock changes do, so no writer waits on another; a
 * TRUNCATE of reviews or orders does too, and one of products moves the
 * catalog version (SQLite has no TRUNCATE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create trigger reviews_stock_changes after insert or update or delete or truncate
      on reviews for each statement execute function note_stock_change()`.execute(db);
    await sql`create trigger orders_stock_changes after insert or delete or update of user_id, product_id or truncate
      on orders for each statement execute function note_stock_change()`.execute(db);
    // TRUNCATE fires no delete trigger, so 0008's misses a catalog emptied that way.
    await sql`create trigger products_truncate_catalog_version after truncate
      on products for each statement execute function bump_catalog_version()`.execute(db);
    return;
  }
  const bump = sql.raw(
    "update app_settings set value = cast(value as integer) + 1 where key = 'stock_version';",
  );
  for (const [name, event] of [
    ['reviews_page_version_insert', 'insert on reviews'],
    ['reviews_page_version_update', 'update on reviews'],
    ['reviews_page_version_delete', 'delete on reviews'],
    ['orders_page_version_insert', 'insert on orders'],
    ['orders_page_version_update', 'update of user_id, product_id on orders'],
    ['orders_page_version_delete', 'delete on orders'],
  ] as const) {
    await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} begin ${bump} end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger products_truncate_catalog_version on products`.execute(db);
    await sql`drop trigger orders_stock_changes on orders`.execute(db);
    await sql`drop trigger reviews_stock_changes on reviews`.execute(db);
    return;
  }
  for (const table of ['reviews', 'orders']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`${table}_page_version_${event}`)}`.execute(db);
    }
  }
}
