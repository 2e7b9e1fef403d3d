import { type Kysely } from 'kysely';

/**
 * The built-in test gateway's own record of the payments it took, so that
 * cartDetail confirms a test payment with "the provider" exactly as it asks
 * Razorpay for a real one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('test_gateway_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider_order_id', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_gateway_payments').execute();
}
