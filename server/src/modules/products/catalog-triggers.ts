import { sql } from 'kysely';
import { kindOf, type Db } from '../../db/index.js';
import { catalogVersionColumns } from './product-fields.js';

const columnList = () => sql.raw(catalogVersionColumns.join(', '));

/**
 * Makes the trigger that moves the catalog version on an update of a product
 * watch exactly the columns of the field list (product-fields.ts), so a field
 * added there refreshes every cached page and the search index without a
 * trigger written by hand. Run after the migrations at every start; it
 * changes the trigger only when the list differs from what it watches.
 * Insert and delete move the version whatever the columns (migration 0008).
 */
export async function refreshCatalogTriggers(db: Db): Promise<void> {
  const wanted = [...catalogVersionColumns].sort();
  if (kindOf(db) === 'postgres') {
    await db.transaction().execute(async (trx) => {
      // Instances starting together take turns; the second finds the trigger as wanted.
      await sql`select pg_advisory_xact_lock(hashtext('products_catalog_version'))`.execute(trx);
      const { rows } = await sql<{ name: string }>`select a.attname as name
        from pg_trigger t join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr)
        where t.tgname = 'products_catalog_version' order by a.attname`.execute(trx);
      if (rows.map((row) => row.name).join() === wanted.join()) return;
      await sql`create or replace trigger products_catalog_version
        after insert or delete or update of ${columnList()}
        on products for each statement execute function bump_catalog_version()`.execute(trx);
    });
    return;
  }
  // As sqlite_master keeps it: SQLite stores a statement's first two keywords in capitals.
  const create = `CREATE TRIGGER products_catalog_version_update after update of ${wanted.join(', ')} on products begin update app_settings set value = cast(value as integer) + 1 where key = 'catalog_version'; end`;
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'trigger' and name = 'products_catalog_version_update'`.execute(db);
  if (rows[0]?.sql === create) return;
  // Writing first, the transaction waits for another process's write (busy_timeout). One that read
  // first fails with "database is locked" instead: SQLite will not turn it into a write meanwhile.
  await db.transaction().execute(async (trx) => {
    await sql`drop trigger if exists products_catalog_version_update`.execute(trx);
    await sql.raw(create).execute(trx);
  });
}
