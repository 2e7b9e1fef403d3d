import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * SQLite only: a number that moves with every change of a product's stock,
 * kept by a trigger in the same transaction. A cached catalog page (modules/
 * products/list.ts) whose stock was read at the current number is served
 * without reading stock again. SQLite runs one writer at a time anyway, so
 * the extra row update costs a checkout nothing; on PostgreSQL it would make
 * every checkout wait on one row, so PostgreSQL counts changes instead (0011).
 * Since 0012 reviews and orders move it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`insert into app_settings (key, value) values ('stock_version', '1')`.execute(db);
  await sql`create trigger products_stock_version after update of count_in_stock on products begin
    update app_settings set value = cast(value as integer) + 1 where key = 'stock_version';
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop trigger products_stock_version`.execute(db);
  await sql`delete from app_settings where key = 'stock_version'`.execute(db);
}
