import type { ExpressionBuilder } from 'kysely';
import type { Db, DbKind } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { textContains } from './paging.js';

/**
 * The orders `q` names exactly: the shop's own order id in any letter case (it is stored in lower
 * case), or the payment's order id or transaction id as the customer's order page shows them.
 * Each is an index lookup (migration 0023).
 */
function namedBy(eb: ExpressionBuilder<Database, 'orders'>, q: string) {
  return eb.or([
    eb('orders.id', '=', q.toLowerCase()),
    eb('orders.provider_order_id', '=', q),
    eb('orders.transaction_id', '=', q),
  ]);
}

/**
 * The condition an admin's order search stands for: the orders `q` is the id of, when it is one;
 * otherwise those whose buyer's or recipient's email holds it. Asking for the ids first keeps an
 * id search an index lookup, where one condition with the email's substring match reads every order.
 */
export async function orderSearch(db: Db, kind: DbKind, q: string) {
  const named = await db
    .selectFrom('orders')
    .select('orders.id')
    .where((eb) => namedBy(eb, q))
    .limit(1)
    .executeTakeFirst();
  return (eb: ExpressionBuilder<Database, 'orders' | 'users'>) =>
    named
      ? namedBy(eb, q)
      : eb.or([textContains(kind, 'users.email', q), textContains(kind, 'orders.recipient_email', q)]);
}
