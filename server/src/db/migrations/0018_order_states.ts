import { sql, type Kysely } from 'kysely';

/**
 * Orders move through states after payment (modules/orders/transitions.ts):
 * placed, shipped, delivered, cancelled, returned. The spec's is_delivered
 * stays as it was and is kept in step. Each move is an order_events row (when,
 * who, a note); how it ships sits on the order. Refunds are their own rows
 * (modules/refunds): one per request to the provider, its idempotency key
 * unique, so a retry can never become a second refund. The mail outbox gets
 * an HTML part, and a checkout the payment method it was paid with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('placed')
        .check(sql`status in ('placed', 'shipped', 'delivered', 'cancelled', 'returned')`),
    )
    .execute();
  await sql`update orders set status = 'delivered' where is_delivered = 1`.execute(db);
  for (const column of ['carrier', 'tracking_number', 'tracking_url', 'cancel_reason']) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  }
  await db.schema
    .createIndex('orders_status_latest')
    .on('orders')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('orders_checkout').on('orders').column('checkout_id').execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    // The actor's email as it was, or 'customer' / 'system'.
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_events_order')
    .on('order_events')
    .columns(['order_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('checkout_id', 'text', (c) => c.notNull().references('checkouts.id'))
    .addColumn('order_id', 'text', (c) => c.references('orders.id'))
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'processed', 'failed')`))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('provider_refund_id', 'text', (c) => c.unique())
    .addColumn('failure_reason', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_checkout').on('refunds').column('checkout_id').execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_status').on('refunds').columns(['status', 'updated_at']).execute();

  await db.schema
    .createTable('test_gateway_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('html', 'text').execute();
  await db.schema.alterTable('checkouts').addColumn('payment_method', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkouts').dropColumn('payment_method').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('html').execute();
  for (const table of ['test_gateway_refunds', 'refunds', 'order_events']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('orders_checkout').execute();
  await db.schema.dropIndex('orders_status_latest').execute();
  for (const column of ['cancel_reason', 'tracking_url', 'tracking_number', 'carrier', 'status']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
