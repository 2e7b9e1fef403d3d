import { messages, paiseToRupees, type Shipping } from '@shop/shared';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../lib/http-errors.js';
import { checkSaleReady } from '../gst/sale-ready.js';
import { PaymentProviderError } from '../payments/provider.js';
import { releaseCheckout } from './release.js';
import { addressKey } from './hold-limits.js';
import { reserveCheckout } from './reserve.js';

/**
 * orderCreate: reserve the stock and fix the price (one transaction), then ask
 * the provider for an order of exactly that amount in paise. If the provider
 * fails or is slow, the reservation is given back and the client is told.
 * The shipping form may come now (our web app) or with cartDetail (the spec's client).
 * What one shopper may hold, how often and how long: hold-limits.ts.
 */
export async function startCheckout(
  ctx: AppContext,
  userId: string,
  shipping: Shipping | undefined,
  clientIp: string,
) {
  const provider = ctx.payments;
  await checkSaleReady(ctx.db, userId, shipping);
  const { checkoutId, amountPaise, expiresAt } = await reserveCheckout(
    ctx,
    userId,
    shipping,
    provider.name,
    addressKey(clientIp),
  );
  let providerOrderId: string;
  try {
    ({ id: providerOrderId } = await provider.createOrder({
      amountPaise,
      currency: 'INR',
      receipt: checkoutId,
    }));
  } catch (error) {
    await releaseCheckout(ctx, checkoutId);
    if (error instanceof PaymentProviderError) {
      ctx.log.error({ err: error, checkoutId }, 'payment provider failed; reservation released');
      throw new HttpError(502, messages.paymentProviderFailed);
    }
    throw error;
  }
  await ctx.db
    .updateTable('checkouts')
    .set({ provider_order_id: providerOrderId })
    .where('id', '=', checkoutId)
    .execute();
  return {
    data: { id: providerOrderId, currency: 'INR' as const, amount: paiseToRupees(amountPaise) },
    id: providerOrderId,
    provider: provider.name,
    key: provider.keyId,
    expiresIn: Math.max(0, Math.floor((expiresAt.getTime() - ctx.clock.now().getTime()) / 1000)),
  };
}
