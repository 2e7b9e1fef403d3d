import { type Kysely } from 'kysely';

/**
 * The client address (IPv6 by its /64) a checkout was started from, so the
 * stock held from one address at once, and the checkouts started from it in
 * an hour, can be bounded (modules/checkout/hold-limits.ts). Older rows get ''.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('checkouts')
    .addColumn('client_address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('checkouts_address')
    .on('checkouts')
    .columns(['client_address', 'created_at'])
    .execute();
  await db.schema
    .createIndex('checkouts_user_started')
    .on('checkouts')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('checkouts_user_started').execute();
  await db.schema.dropIndex('checkouts_address').execute();
  await db.schema.alterTable('checkouts').dropColumn('client_address').execute();
}
