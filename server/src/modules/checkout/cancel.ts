import { messages } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError, invariant } from '../../lib/http-errors.js';
import { completeCheckout } from './complete.js';
import { PaymentProviderError } from '../payments/provider.js';
import { confirmPayment } from './confirm-payment.js';
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
    .select(['id', 'status', 'shipping'])
    .where('provider_order_id', '=', providerOrderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  invariant(checkout, 404, messages.checkoutNotFound);
  invariant(checkout.status !== 'paid', 409, messages.alreadyPaid);
  invariant(checkout.status !== 'refund_due', 409, messages.paidButSoldOut);
  if (checkout.status === 'pending') {
    const taken = (await paymentsOf(ctx, providerOrderId)).find((payment) => TAKEN.has(payment.status));
    if (taken) {
      log.warn({ orderId: providerOrderId, paymentId: taken.id }, 'cancel found a payment taken');
      // The spec's client sends the shipping form with cartDetail: without it no order can be made
      // yet, and the paid checkout waits for it (or the webhook) rather than give its stock back.
      if (checkout.shipping === 'null') throw new HttpError(409, messages.alreadyPaid);
      await completeCheckout(ctx, await confirmPayment(ctx, userId, { paymentId: taken.id }, log), userId);
      throw new HttpError(409, messages.paidNotCancelled);
    }
  }
  await releaseCheckout(ctx, checkout.id);
}

/** The order's payment attempts; a provider that does not answer leaves the hold as it is (502). */
async function paymentsOf(ctx: AppContext, providerOrderId: string) {
  try {
    return await ctx.payments.paymentsOfOrder(providerOrderId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.log.error({ err: error }, 'payment provider failed while a checkout was cancelled');
    throw new HttpError(502, messages.paymentCheckFailed);
  }
}
