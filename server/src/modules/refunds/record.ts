import { formatRupees, orderMessages, paiseToRupees } from '@shop/shared';
import type { Transaction } from 'kysely';
import type { DbKind } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../lib/http-errors.js';
import { creditRefunds } from '../gst/credit-note.js';
import { newId } from '../../lib/tokens.js';
import { refundedPaise } from './refunded.js';

/** A checkout whose payment the shop holds: paid (its orders made) or due a refund (none could be). */
export const holdsPayment = (status: string) => status === 'paid' || status === 'refund_due';

export type RefundAsk = {
  checkoutId: string;
  /** The order refunded; null refunds the checkout's payment as a whole (refund_due). */
  orderId: string | null;
  /** Paise; left out, whatever is left (of the order, or of the payment). */
  amountPaise?: number;
  reason: string;
  /**
   * Another payment of the checkout than the one it was paid with (a second payment, refunded
   * whole); left out, the checkout's own.
   */
  paymentId?: string;
};

/**
 * Records a refund request as pending, in the caller's transaction, so it
 * exists exactly when the cancellation or return that asked for it does; it
 * goes to the provider after the commit (submit.ts). Never more than the
 * payment less its refunds not failed, nor more than the order's amount less
 * its own: the order's row and the checkout's are locked first (PostgreSQL;
 * SQLite has one writer), so two requests at once cannot both take the same
 * rupees. An order's refund comes with its GST credit note (when the sale
 * was invoiced) in the same transaction, whichever action asked for it.
 * Answers the refund's id, or null when nothing is left and none was asked.
 */
export async function recordRefund(
  trx: Transaction<Database>,
  kind: DbKind,
  now: string,
  ask: RefundAsk,
): Promise<string | null> {
  // The order before its checkout, the order a cancel or return takes them in (moveOrder): a
  // refund beside one then waits for it on PostgreSQL instead of deadlocking with it.
  let order: { amount_paise: number } | null = null;
  if (ask.orderId) {
    let find = trx.selectFrom('orders').select('amount_paise').where('id', '=', ask.orderId);
    if (kind === 'postgres') find = find.forUpdate();
    order = await find.executeTakeFirstOrThrow();
  }
  let query = trx
    .selectFrom('checkouts')
    .select(['id', 'amount_paise', 'payment_id', 'status'])
    .where('id', '=', ask.checkoutId);
  if (kind === 'postgres') query = query.forUpdate();
  const checkout = await query.executeTakeFirst();
  if (!checkout?.payment_id || !holdsPayment(checkout.status)) {
    throw new HttpError(409, orderMessages.refundNothingLeft);
  }
  const paymentId = ask.paymentId ?? checkout.payment_id;
  let most = Number(checkout.amount_paise) - (await refundedPaise(trx, 'payment_id', paymentId));
  if (order && ask.orderId) {
    most = Math.min(most, Number(order.amount_paise) - (await refundedPaise(trx, 'order_id', ask.orderId)));
  }
  if (most <= 0) {
    if (ask.amountPaise === undefined) return null;
    throw new HttpError(409, orderMessages.refundNothingLeft);
  }
  const amount = ask.amountPaise ?? most;
  if (amount > most) throw new HttpError(409, orderMessages.refundTooMuch(formatRupees(paiseToRupees(most))));
  const id = newId();
  await trx
    .insertInto('refunds')
    .values({
      id,
      checkout_id: checkout.id,
      order_id: ask.orderId,
      payment_id: paymentId,
      amount_paise: amount,
      status: 'pending',
      // Razorpay wants 10 or more of letters, digits, - and _: a UUID is that.
      idempotency_key: id,
      provider_refund_id: null,
      failure_reason: null,
      reason: ask.reason,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (ask.orderId) await creditRefunds(trx, ask.orderId, new Date(now));
  return id;
}
