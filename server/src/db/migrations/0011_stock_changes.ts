import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL's stock version, without the one row every checkout would wait
 * on (see 0010 for SQLite's). Each statement that changes stock adds a row
 * to `stock_changes`, in its own transaction, so checkouts never wait on each
 * other here. The version is `stock_version`'s base plus the number of those
 * rows: read in one statement, it counts exactly the stock changes committed
 * before that statement's snapshot, so it moves with every one of them and
 * never moves back. Every 10 seconds each instance folds the rows into the
 * base in one statement (modules/products/catalog-versions.ts), which leaves
 * the sum as it was. Not in the Kysely schema: SQLite has no such
 * table, and no shop data is kept in it.
 * Since 0012 reviews and orders add rows too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table stock_changes (changed_at timestamptz not null default now())`.execute(db);
  // Emptied by every fold: autovacuum would then truncate it under an exclusive lock,
  // which every checkout's insert and every catalog read's count would wait for.
  await sql`alter table stock_changes set (vacuum_truncate = false)`.execute(db);
  await sql`insert into app_settings (key, value) values ('stock_version', '1')
    on conflict (key) do nothing`.execute(db);
  await sql`create function note_stock_change() returns trigger language plpgsql as $$
    begin
      insert into stock_changes default values;
      return null;
    end $$`.execute(db);
  await sql`create trigger products_stock_changes after update of count_in_stock
    on products for each statement execute function note_stock_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger products_stock_changes on products`.execute(db);
  await sql`drop function note_stock_change()`.execute(db);
  await sql`drop table stock_changes`.execute(db);
  await sql`delete from app_settings where key = 'stock_version'`.execute(db);
}
