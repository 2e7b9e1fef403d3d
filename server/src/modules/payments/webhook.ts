import { messages } from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../lib/http-errors.js';
import { completeCheckout } from '../checkout/complete.js';
import { releaseCheckout } from '../checkout/release.js';
import { settleRefund } from '../refunds/submit.js';
import { hmacHex, signatureMatches } from './signatures.js';

type RazorpayEvent = {
  event?: string;
  payload?: {
    refund?: {
      entity?: { id?: string; status?: string; notes?: Record<string, unknown> | unknown[] };
    };
    payment?: { entity?: { id?: string; order_id?: string; method?: string } };
    order?: { entity?: { id?: string } };
  };
};

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * POST /api/payment/webhook: Razorpay tells the shop about a payment even
 * when the customer's browser never came back. The signature is checked over
 * the raw bytes (a re-serialised body would not match), an event id already
 * handled is ignored, and handling is idempotent anyway.
 */
export function webhookRoutes(ctx: AppContext, webhookSecret: string | undefined) {
  return async (app: FastifyInstance) => {
    // This plugin's own JSON parser keeps the bytes the signature covers.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(new HttpError(400, messages.invalidJson), undefined);
      }
    });

    app.post(
      '/api/payment/webhook',
      { schema: { tags: ['payments'], summary: 'Razorpay webhook' } },
      async (request) => {
        const raw = rawBodies.get(request);
        const signature = request.headers['x-razorpay-signature'];
        if (
          !webhookSecret ||
          !raw ||
          typeof signature !== 'string' ||
          !signatureMatches(hmacHex(webhookSecret, raw), signature)
        ) {
          throw new HttpError(400, messages.webhookSignatureInvalid);
        }
        const eventId = request.headers['x-razorpay-event-id'];
        if (typeof eventId === 'string' && (await seen(ctx, eventId))) return { status: 'duplicate' };

        await handle(ctx, request.body as RazorpayEvent, request);
        if (typeof eventId === 'string') {
          await ctx.db
            .insertInto('webhook_events')
            .values({ id: eventId.slice(0, 200), received_at: ctx.clock.now().toISOString() })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
        }
        return { status: 'ok' };
      },
    );
  };
}

async function seen(ctx: AppContext, eventId: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('webhook_events')
    .select('id')
    .where('id', '=', eventId.slice(0, 200))
    .executeTakeFirst();
  return row !== undefined;
}

async function handle(ctx: AppContext, event: RazorpayEvent, request: FastifyRequest): Promise<void> {
  if (event.event === 'refund.processed' || event.event === 'refund.failed') {
    const refund = event.payload?.refund?.entity;
    if (!refund?.id) return;
    // Our own id rides in the notes, so a webhook that comes before the create
    // call's answer still finds its refund.
    const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {};
    const ours = typeof notes.shop_refund_id === 'string' ? notes.shop_refund_id : undefined;
    const status = event.event === 'refund.processed' ? 'processed' : 'failed';
    const found = await settleRefund(
      ctx,
      ours ? { refundId: ours, providerRefundId: refund.id } : { providerRefundId: refund.id },
      status,
      status === 'failed' ? 'the payment provider reported the refund failed' : undefined,
    );
    if (!found)
      request.log.info({ refundId: refund.id, event: event.event }, 'refund webhook changed nothing');
    return;
  }
  const payment = event.payload?.payment?.entity;
  const orderId = payment?.order_id ?? event.payload?.order?.entity?.id;
  if (!orderId) return;
  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      if (!payment?.id) return;
      try {
        await completeCheckout(ctx, {
          providerOrderId: orderId,
          paymentId: payment.id,
          ...(payment.method ? { method: payment.method } : {}),
        });
      } catch (error) {
        // Not ours, or paid after the stock was gone (recorded as refund due): nothing to retry.
        if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 409)) {
          request.log.warn({ orderId, reason: error.message }, 'webhook payment not turned into orders');
          return;
        }
        throw error;
      }
      return;
    }
    case 'payment.failed': {
      const checkout = await ctx.db
        .selectFrom('checkouts')
        .select('id')
        .where('provider_order_id', '=', orderId)
        .executeTakeFirst();
      if (checkout) await releaseCheckout(ctx, checkout.id);
      return;
    }
    default:
      return;
  }
}
