import { type Kysely } from 'kysely';

/**
 * The owner finds an order by the ids its customer quotes: the payment's order
 * id and transaction id as the order page shows them. Without these indexes
 * each such search read every order.
 */
const indexes = [
  { name: 'orders_provider_order', column: 'provider_order_id' },
  { name: 'orders_transaction', column: 'transaction_id' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { name, column } of indexes) {
    await db.schema.createIndex(name).on('orders').column(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { name } of indexes) await db.schema.dropIndex(name).execute();
}
