import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';

/**
 * Gives a pending checkout's reserved stock back, exactly once: the status
 * moves from pending first, and only the transaction that moved it restores
 * the stock. Lines go in product id order, as reservations take them.
 */
export async function releaseInTransaction(
  trx: Transaction<Database>,
  checkoutId: string,
  now: string,
): Promise<boolean> {
  const moved = await trx
    .updateTable('checkouts')
    .set({ status: 'released', closed_at: now })
    .where('id', '=', checkoutId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  const lines = await trx
    .selectFrom('checkout_lines')
    .select(['product_id', 'quantity'])
    .where('checkout_id', '=', checkoutId)
    .orderBy('product_id')
    .execute();
  for (const line of lines) {
    await trx
      .updateTable('products')
      .set({ count_in_stock: sql<number>`count_in_stock + ${line.quantity}` })
      .where('id', '=', line.product_id)
      .execute();
  }
  return true;
}

export function releaseCheckout(ctx: AppContext, checkoutId: string): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute((trx) => releaseInTransaction(trx, checkoutId, now));
}

/** Releases every reservation not paid in time. Runs every minute, and from tests with their clock. */
export async function releaseExpiredCheckouts(ctx: AppContext): Promise<number> {
  const expired = await ctx.db
    .selectFrom('checkouts')
    .select('id')
    .where('status', '=', 'pending')
    .where('expires_at', '<=', ctx.clock.now().toISOString())
    .execute();
  let released = 0;
  for (const { id } of expired) if (await releaseCheckout(ctx, id)) released += 1;
  return released;
}
