import { messages } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError, invariant } from '../../lib/http-errors.js';
import { completeCheckout } from './complete.js';
import { askProvider, confirmPayment } from './confirm-payment.js';
import { releaseCheckout } from './release.js';

/** A payment the provider took (or holds, to be captured) for an order. */
const TAKEN = new Set(['authorized', 'captured']);

/**
 * The card window was closed or the card declined: the stock held for the checkout goes back. A
 * payment may still have been taken before the window closed (an answer lost on the way back, a
 * second tab), so the provider is asked first: a taken payment makes the orders, as the window's
 * success would have, rather than freeing the stock it paid for.
 */
export async function cancelCheckout(
  ctx: AppContext,
  userId: string,
  providerOrderId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const checkout = await ctx.db
    .selectFrom('checkouts')
    .select(['id', 'status'])
    .where('provider_order_id', '=', providerOrderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  invariant(checkout, 404, messages.checkoutNotFound);
  invariant(checkout.status !== 'paid', 409, messages.alreadyPaid);
  invariant(checkout.status !== 'refund_due', 409, messages.paidButSoldOut);
  if (checkout.status === 'pending') {
    const payments = await askProvider(ctx, () => ctx.payments.paymentsOfOrder(providerOrderId));
    const taken = payments.find((payment) => TAKEN.has(payment.status));
    if (taken) {
      log.warn({ orderId: providerOrderId, paymentId: taken.id }, 'cancel found a payment: orders made');
      await completeCheckout(ctx, await confirmPayment(ctx, userId, { paymentId: taken.id }, log), userId);
      throw new HttpError(409, messages.paidNotCancelled);
    }
  }
  await releaseCheckout(ctx, checkout.id);
}
