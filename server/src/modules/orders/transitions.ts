import { ORDER_STATUS_TEXT, orderMessages, messages, type OrderStatus } from '@shop/shared';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../lib/http-errors.js';
import { newId } from '../../lib/tokens.js';
import { recordAudit } from '../admin/audit.js';
import { giveBack } from '../checkout/release.js';
import { recordRefund } from '../refunds/record.js';
import { refundedPaise } from '../refunds/refunded.js';
import { sendRecordedRefund } from '../refunds/submit.js';
import { recomputeBuyerRatings } from '../reviews/rating.js';
import type { SessionUser } from '../sessions/store.js';
import { statusMail } from './mails.js';
import { toOrder } from './repo.js';
import { correctTracking, shipmentNote } from './tracking.js';

/**
 * Where an order may go from each state. Placed to delivered stays allowed:
 * it is the spec's "mark delivered" (the owner delivering by hand, no carrier).
 * Cancelled and returned are final.
 */
export const NEXT_STATES: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['shipped', 'delivered', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: ['returned'],
  cancelled: [],
  returned: [],
};

/** Why a customer cannot cancel an order in each state past placed: the message says which it is. */
const CUSTOMER_CANNOT_CANCEL: Partial<Record<OrderStatus, string>> = {
  shipped: orderMessages.cannotCancelShipped,
  delivered: orderMessages.cannotCancelDelivered,
  returned: orderMessages.cannotCancelReturned,
};

export type Move =
  | { to: 'shipped'; carrier: string; trackingNumber: string; trackingUrl: string | null }
  | { to: 'delivered' }
  | { to: 'cancelled'; reason: string }
  | { to: 'returned'; resaleable: boolean; note: string };

export type Mover = { user: SessionUser; as: 'admin' | 'customer' };

function noteOf(move: Move): string {
  switch (move.to) {
    case 'shipped':
      return shipmentNote(move);
    case 'cancelled':
      return move.reason;
    case 'returned':
      return `${move.resaleable ? 'back in stock' : 'not resaleable'}${move.note ? `: ${move.note}` : ''}`;
    default:
      return '';
  }
}

/**
 * Moves one order to the next state, in one transaction with its history row,
 * the audit entry, the stock given back (cancelled; returned when the goods can
 * be sold again), the refund request and the customer's mail. The order row is
 * locked first (PostgreSQL; SQLite has one writer) and the update is
 * conditional on the state read, so of requests at once exactly one moves it.
 * Asking for the state it is already in changes nothing and is not an error,
 * but for shipping a shipped order with other details: the owner correcting its
 * tracking (tracking.ts), which is `trackingCorrected`;
 * any move not in NEXT_STATES is 409. A customer may only cancel their own
 * order, and only while it is placed; anyone else's is "not found".
 * After the commit the refund goes to the provider (its outcome never undoes the move).
 */
export async function moveOrder(
  ctx: AppContext,
  mover: Mover,
  orderId: string,
  move: Move,
): Promise<{ changed: boolean; trackingCorrected: boolean }> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    let find = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
    if (mover.as === 'customer') find = find.where('user_id', '=', mover.user.id);
    if (ctx.dbKind === 'postgres') find = find.forUpdate();
    const row = await find.executeTakeFirst();
    if (!row) throw new HttpError(404, messages.orderNotFound);
    // Read after the lock: the history's times follow the order the moves took.
    const now = ctx.clock.now().toISOString();
    const from = row.status;
    if (from === 'shipped' && move.to === 'shipped' && mover.as === 'admin') {
      const corrected = await correctTracking(ctx, trx, mover.user, row, move, now);
      return { changed: corrected, trackingCorrected: corrected, refundId: null };
    }
    if (from === move.to) return { changed: false, trackingCorrected: false, refundId: null };
    if (mover.as === 'customer' && (move.to !== 'cancelled' || from !== 'placed')) {
      throw new HttpError(409, CUSTOMER_CANNOT_CANCEL[from] ?? orderMessages.cannotCancelShipped);
    }
    if (!NEXT_STATES[from].includes(move.to)) {
      throw new HttpError(
        409,
        orderMessages.orderCannotMove(ORDER_STATUS_TEXT[from], ORDER_STATUS_TEXT[move.to]),
      );
    }
    const moved = await trx
      .updateTable('orders')
      .set({
        status: move.to,
        ...(move.to === 'delivered' ? { is_delivered: 1 } : {}),
        ...(move.to === 'shipped'
          ? { carrier: move.carrier, tracking_number: move.trackingNumber, tracking_url: move.trackingUrl }
          : {}),
        ...(move.to === 'cancelled' ? { cancel_reason: move.reason } : {}),
      })
      .where('id', '=', orderId)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      return { changed: false, trackingCorrected: false, refundId: null };
    const note = noteOf(move);
    await trx
      .insertInto('order_events')
      .values({
        id: newId(),
        order_id: orderId,
        status: move.to,
        actor: mover.as === 'customer' ? `${mover.user.email} (customer)` : mover.user.email,
        note,
        created_at: now,
      })
      .execute();
    await recordAudit(trx, mover.user, now, {
      action: `order.${move.to === 'shipped' ? 'ship' : move.to === 'delivered' ? 'deliver' : move.to === 'cancelled' ? 'cancel' : 'return'}`,
      targetType: 'order',
      targetId: orderId,
      details: { from, to: move.to, ...(note ? { note } : {}) },
    });
    const restock = move.to === 'cancelled' || (move.to === 'returned' && move.resaleable);
    if (restock) await giveBack(trx, row.product_id, row.quantity);
    // A cancelled or returned purchase no longer verifies the buyer's review.
    if (move.to === 'cancelled' || move.to === 'returned')
      await recomputeBuyerRatings(trx, ctx.dbKind, row.user_id, [row.product_id]);
    // What the owner refunded of it before: the mail promises only the rest.
    const refundedBefore = await refundedPaise(trx, 'order_id', orderId);
    const refundId =
      move.to === 'cancelled' || move.to === 'returned'
        ? await recordRefund(trx, ctx.dbKind, now, {
            checkoutId: row.checkout_id,
            orderId,
            reason: move.to === 'cancelled' ? `cancelled: ${note}` : `returned: ${note}`,
          })
        : null;
    const updated = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const customer = await trx
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    const refund = {
      nowPaise: (await refundedPaise(trx, 'order_id', orderId)) - refundedBefore,
      beforePaise: refundedBefore,
    };
    const mail = customer ? statusMail(ctx.config, customer, toOrder(updated), note, refund) : null;
    if (mail) await ctx.mailer.send(mail, trx);
    return { changed: true, trackingCorrected: false, refundId };
  });
  if (outcome.changed) ctx.mailer.kick();
  if (outcome.refundId) await sendRecordedRefund(ctx, outcome.refundId);
  return { changed: outcome.changed, trackingCorrected: outcome.trackingCorrected };
}
