import type { Kysely } from 'kysely';

/**
 * The shop's own pages (terms, privacy, refunds, shipping, contact) as the admin wrote them, in
 * Markdown. A page without a row shows its default text (modules/pages/defaults.ts), so a newer
 * release's better default reaches every shop that has not edited that page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_pages')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // The editor's email as it was, like the audit log's actor.
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shop_pages').execute();
}
