import { messages, type Shipping } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError, invariant } from '../../lib/http-errors.js';
import { PaymentProviderError } from '../payments/provider.js';
import { holdsPayment } from '../refunds/record.js';
import type { Payment } from './complete.js';

export type PaymentClaim = {
  paymentId: string;
  /** Sent by our web app with the window's signature; the spec's client sends neither. */
  orderId?: string | undefined;
  signature?: string | undefined;
  shipping?: Shipping | undefined;
};

/**
 * cartDetail's check that a payment really paid this customer's checkout.
 * Whatever the browser says is only a claim: the server reads the payment
 * from the provider with its secret key, and it must belong to one of the
 * session user's checkouts, for exactly that checkout's amount in INR, and be
 * captured (an authorized one is captured here, unless the checkout was
 * already paid by another: left uncaptured, it goes back to the customer). A
 * signature, when sent, must verify too.
 */
export async function confirmPayment(
  ctx: AppContext,
  userId: string,
  claim: PaymentClaim,
  log: FastifyBaseLogger,
): Promise<Payment> {
  const provider = ctx.payments;
  if (claim.orderId !== undefined || claim.signature !== undefined) {
    const { orderId, signature, paymentId } = claim;
    if (!orderId || !signature || !provider.verifyPayment({ orderId, paymentId, signature })) {
      log.warn({ orderId }, 'payment signature did not verify');
      throw new HttpError(400, messages.paymentNotVerified);
    }
  }
  let payment = await askProvider(ctx, () => provider.fetchPayment(claim.paymentId));
  if (!payment?.orderId || (claim.orderId !== undefined && payment.orderId !== claim.orderId)) {
    log.warn({ paymentId: claim.paymentId }, 'the provider knows no such payment of an order');
    throw new HttpError(400, messages.paymentNotVerified);
  }
  const checkout = await ctx.db
    .selectFrom('checkouts')
    .select(['status', 'amount_paise', 'shipping', 'payment_id'])
    .where('provider_order_id', '=', payment.orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  invariant(checkout, 404, messages.checkoutNotFound);
  // Asked before anything is captured: a payment must not be taken for orders that cannot be made.
  invariant(
    claim.shipping || checkout.shipping !== 'null' || checkout.status !== 'pending',
    400,
    messages.fillAllFields,
  );
  const amountPaise = Number(checkout.amount_paise);
  if (payment.amountPaise !== amountPaise || payment.currency !== 'INR') {
    log.warn(
      { paymentId: payment.id, paid: payment.amountPaise, due: amountPaise },
      'payment amount differs',
    );
    throw new HttpError(400, messages.paymentNotVerified);
  }
  if (
    holdsPayment(checkout.status) &&
    payment.status === 'authorized' &&
    payment.id !== checkout.payment_id
  ) {
    throw new HttpError(409, checkout.status === 'paid' ? messages.alreadyPaid : messages.paidButSoldOut);
  }
  if (payment.status === 'authorized') {
    const authorized = payment;
    payment = await askProvider(ctx, () => provider.capturePayment(authorized.id, amountPaise));
  }
  if (payment.status !== 'captured') {
    log.warn({ paymentId: payment.id, status: payment.status }, 'payment is not captured');
    throw new HttpError(400, messages.paymentNotVerified);
  }
  return { providerOrderId: payment.orderId!, paymentId: payment.id, method: payment.method };
}

async function askProvider<T>(ctx: AppContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      ctx.log.error({ err: error }, 'payment provider failed while confirming a payment');
      throw new HttpError(502, messages.paymentProviderFailed);
    }
    throw error;
  }
}
