import { type Kysely } from 'kysely';

/**
 * The refunds list is paged newest first like the other admin lists
 * (migration 0013): without this index each page sorted every refund.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('refunds_newest').on('refunds').columns(['created_at desc', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refunds_newest').execute();
}
