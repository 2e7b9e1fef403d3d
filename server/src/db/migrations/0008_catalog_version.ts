import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A number that grows with every change to a product other than its stock,
 * and with every product added or deleted. Triggers keep it, so no writer
 * (the app, a script, an operator's SQL) can forget; stock changes, the
 * frequent ones, leave it alone. Each instance caches catalog pages
 * and drops them when the number moves (modules/products/list-cache.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into app_settings (key, value) values ('catalog_version', '1')`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function bump_catalog_version() returns trigger language plpgsql as $$
      begin
        update app_settings set value = (value::bigint + 1)::text where key = 'catalog_version';
        return null;
      end $$`.execute(db);
    await sql`create trigger products_catalog_version
      after insert or delete or update of name, name_search, category, price_paise, image, description, rating, num_reviews
      on products for each statement execute function bump_catalog_version()`.execute(db);
    return;
  }
  const bump = sql.raw(
    "update app_settings set value = cast(value as integer) + 1 where key = 'catalog_version';",
  );
  await sql`create trigger products_catalog_version_insert after insert on products begin ${bump} end`.execute(
    db,
  );
  await sql`create trigger products_catalog_version_delete after delete on products begin ${bump} end`.execute(
    db,
  );
  await sql`create trigger products_catalog_version_update
    after update of name, name_search, category, price_paise, image, description, rating, num_reviews on products
    begin ${bump} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger products_catalog_version on products`.execute(db);
    await sql`drop function bump_catalog_version()`.execute(db);
  } else {
    await sql`drop trigger products_catalog_version_update`.execute(db);
    await sql`drop trigger products_catalog_version_delete`.execute(db);
    await sql`drop trigger products_catalog_version_insert`.execute(db);
  }
  await sql`delete from app_settings where key = 'catalog_version'`.execute(db);
}
