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
  const lines = await markReleased(trx, checkoutId, now);
  if (!lines) return false;
  for (const line of lines) await giveBack(trx, line.product_id, line.quantity);
  return true;
}

/**
 * Moves a pending checkout to released and answers its lines (in product id
 * order) for the caller to give back; null when it was not pending.
 */
export async function markReleased(
  trx: Transaction<Database>,
  checkoutId: string,
  now: string,
): Promise<{ product_id: string; quantity: number }[] | null> {
  const moved = await trx
    .updateTable('checkouts')
    .set({ status: 'released', closed_at: now })
    .where('id', '=', checkoutId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return null;
  return trx
    .selectFrom('checkout_lines')
    .select(['product_id', 'quantity'])
    .where('checkout_id', '=', checkoutId)
    .orderBy('product_id')
    .execute();
}

export async function giveBack(
  trx: Transaction<Database>,
  productId: string,
  quantity: number,
): Promise<void> {
  await trx
    .updateTable('products')
    .set({ count_in_stock: sql<number>`count_in_stock + ${quantity}` })
    .where('id', '=', productId)
    .execute();
}

/**
 * Gives back the stock held by every unpaid checkout of a user whose account goes (deleted by
 * an admin or by the customer). Products in id order, so two releases at once never wait on
 * each other's rows.
 */
export async function releaseUserCheckouts(trx: Transaction<Database>, userId: string, now: string) {
  const pending = await trx
    .selectFrom('checkouts')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
  const back = new Map<string, number>();
  for (const checkout of pending)
    for (const line of (await markReleased(trx, checkout.id, now)) ?? [])
      back.set(line.product_id, (back.get(line.product_id) ?? 0) + line.quantity);
  for (const productId of [...back.keys()].sort()) await giveBack(trx, productId, back.get(productId)!);
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
