import type { AppContext } from '../../context.js';
import { settleRefund, submitRefund } from './submit.js';

/** A refund pending longer than this is asked after (or sent again, if it never got an answer). */
export const RECONCILE_AFTER_MS = 5 * 60_000;

/**
 * Asks the provider about every refund still pending after a while: one it
 * never answered is sent again with its own idempotency key (the provider
 * answers the refund it made, if it made one); one it accepted is read back.
 * Runs every minute beside the checkout sweep, and from tests with their clock.
 */
export async function reconcileRefunds(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - RECONCILE_AFTER_MS).toISOString();
  const stale = await ctx.db
    .selectFrom('refunds')
    .select(['id', 'provider_refund_id'])
    .where('status', '=', 'pending')
    .where('updated_at', '<=', before)
    .orderBy('updated_at')
    .limit(100)
    .execute();
  let settled = 0;
  for (const refund of stale) {
    try {
      if (!refund.provider_refund_id) {
        await submitRefund(ctx, refund.id);
      } else {
        await ctx.db
          .updateTable('refunds')
          .set({ updated_at: ctx.clock.now().toISOString() })
          .where('id', '=', refund.id)
          .execute();
        const found = await ctx.payments.fetchRefund(refund.provider_refund_id);
        if (found && (await settleRefund(ctx, { refundId: refund.id }, found.status))) settled += 1;
      }
    } catch (error) {
      ctx.log.error({ err: error, refundId: refund.id }, 'refund reconciliation failed; tried again later');
    }
  }
  return settled;
}
