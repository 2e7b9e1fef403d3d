import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A trigram index on the lower-cased product name, so "name contains" stays an
 * index lookup at 100,000 products instead of a scan of every name.
 * PostgreSQL: pg_trgm, which LIKE '%…%' uses by itself (creating a trusted
 * extension needs the database owner, as migrations do anyway).
 * SQLite: an FTS5 table with the trigram tokenizer over products.name_search,
 * kept in step by triggers; queries read it through MATCH.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index products_name_trigram on products using gin (name_search gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table products_search using fts5(
    name_search, content='products', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`insert into products_search(rowid, name_search) select rowid, name_search from products`.execute(
    db,
  );
  await sql`create trigger products_search_insert after insert on products begin
    insert into products_search(rowid, name_search) values (new.rowid, new.name_search);
  end`.execute(db);
  await sql`create trigger products_search_delete after delete on products begin
    insert into products_search(products_search, rowid, name_search) values ('delete', old.rowid, old.name_search);
  end`.execute(db);
  await sql`create trigger products_search_update after update of name_search on products begin
    insert into products_search(products_search, rowid, name_search) values ('delete', old.rowid, old.name_search);
    insert into products_search(rowid, name_search) values (new.rowid, new.name_search);
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index products_name_trigram`.execute(db);
    return;
  }
  await sql`drop trigger products_search_update`.execute(db);
  await sql`drop trigger products_search_delete`.execute(db);
  await sql`drop trigger products_search_insert`.execute(db);
  await sql`drop table products_search`.execute(db);
}
