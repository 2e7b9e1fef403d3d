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
 * an admin or by the customer).
 */
export async function releaseUserCheckouts(trx: Transaction<Database>, userId: string, now: string) {
  const pending = await trx
    .selectFrom('checkouts')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
  await releaseTogether(
    trx,
    pending.map((c) => c.id),
    now,
  );
}

/**
 * Ends every unpaid checkout holding a product the owner deletes, all of its held stock given
 * back: no order can then be made of a product that is gone, and a payment that still arrives
 * is re-priced (complete.ts), finds the product gone and is due a refund. The deleted product's
 * own units go back too, which takes its row in id order with the others before the delete.
 */
export async function releaseCheckoutsHolding(
  trx: Transaction<Database>,
  productId: string,
  now: string,
): Promise<number> {
  const holding = await trx
    .selectFrom('checkouts')
    .innerJoin('checkout_lines', 'checkout_lines.checkout_id', 'checkouts.id')
    .select('checkouts.id')
    .where('checkouts.status', '=', 'pending')
    .where('checkout_lines.product_id', '=', productId)
    .orderBy('checkouts.id')
    .execute();
  return releaseTogether(
    trx,
    holding.map((c) => c.id),
    now,
  );
}

/**
 * Releases these checkouts (those still pending) and gives their stock back, products in id
 * order, so two releases at once never wait on each other's rows. Answers how many it ended.
 */
async function releaseTogether(trx: Transaction<Database>, checkoutIds: string[], now: string) {
  const back = new Map<string, number>();
  let ended = 0;
  for (const id of checkoutIds) {
    const lines = await markReleased(trx, id, now);
    if (!lines) continue;
    ended += 1;
    for (const line of lines) back.set(line.product_id, (back.get(line.product_id) ?? 0) + line.quantity);
  }
  for (const productId of [...back.keys()].sort()) await giveBack(trx, productId, back.get(productId)!);
  return ended;
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
