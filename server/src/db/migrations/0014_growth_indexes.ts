import { type Kysely } from 'kysely';

/**
 * Lookups that would scan a table growing with the shop:
 * - deleting a product removes its cart lines (a cascade by product_id): a scan
 *   of every cart line, with SQLite's writers waiting on it;
 * - the minute sweep removes expired sessions (by expires_at), and every login
 *   adds one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('cart_lines_product').on('cart_lines').column('product_id').execute();
  await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_expiry').execute();
  await db.schema.dropIndex('cart_lines_product').execute();
}
