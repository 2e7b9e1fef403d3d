import type { AdminOrder } from '@shop/shared';
import type { AppContext } from '../../context.js';
import { refundSummaries, taxDocumentsOf, toOrder } from '../orders/repo.js';

/** Orders with their buyer and payment; a deleted account's orders show the recipient instead. */
export const ordersWithBuyers = (ctx: AppContext) =>
  ctx.db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('checkouts', 'checkouts.id', 'orders.checkout_id');

export const selectAdminOrders = (orders: ReturnType<typeof ordersWithBuyers>) =>
  orders
    .selectAll('orders')
    .select([
      'users.name as buyer_name',
      'users.email as buyer_email',
      'checkouts.provider as provider',
      'checkouts.payment_method as payment_method',
    ]);

export type AdminOrderRow = Awaited<
  ReturnType<ReturnType<typeof selectAdminOrders>['executeTakeFirstOrThrow']>
>;

/** Rows to the admin's orders, their refunds read in one go. */
export async function toAdminOrders(ctx: AppContext, rows: AdminOrderRow[]): Promise<AdminOrder[]> {
  const refunds = await refundSummaries(
    ctx.db,
    rows.map((r) => r.id),
  );
  const documents = await taxDocumentsOf(ctx.db, rows);
  return rows.map((row) => ({
    ...toOrder(row, refunds.get(row.id), documents(row)),
    buyer: {
      userId: row.user_id,
      name: row.buyer_name ?? row.recipient_name,
      email: row.buyer_email ?? row.recipient_email,
    },
    testPayment: row.provider === 'test',
  }));
}

/** One order as the admin sees it; undefined when there is none by that id. */
export async function adminOrder(ctx: AppContext, id: string): Promise<AdminOrder | undefined> {
  const row = await selectAdminOrders(ordersWithBuyers(ctx)).where('orders.id', '=', id).executeTakeFirst();
  return row ? (await toAdminOrders(ctx, [row]))[0] : undefined;
}
