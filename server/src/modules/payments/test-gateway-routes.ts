import { errorSchema, messages, paymentResultSchema, TEST_CARDS, testGatewayPaySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { HttpError, invariant } from '../../lib/http-errors.js';
import { requireUser } from '../sessions/plugin.js';
import type { TestGateway } from './test-gateway.js';

const digits = (card: string) => card.replace(/\D/g, '');

/**
 * The built-in test gateway's card window posts here. The success card takes
 * the checkout's amount (recorded by the gateway) and gets a payment id signed
 * exactly as Razorpay signs; the declined card gets 402.
 * Registered only when no Razorpay keys are set.
 */
export function testGatewayRoutes(ctx: AppContext, gateway: TestGateway): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/payment/test-gateway/pay',
      {
        schema: {
          tags: ['payments'],
          summary: 'Test gateway only: pay a test order with a test card',
          body: testGatewayPaySchema,
          response: {
            200: paymentResultSchema,
            400: errorSchema,
            401: errorSchema,
            402: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const checkout = await ctx.db
          .selectFrom('checkouts')
          .select(['status', 'amount_paise', 'expires_at'])
          .where('provider_order_id', '=', request.body.order_id)
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        invariant(checkout, 404, messages.checkoutNotFound);
        // The window closes when the hold ends, swept or not yet.
        invariant(
          checkout.status === 'pending' && checkout.expires_at > ctx.clock.now().toISOString(),
          400,
          messages.checkoutExpired,
        );
        const card = digits(request.body.card_number);
        if (card === digits(TEST_CARDS.declined)) throw new HttpError(402, messages.paymentDeclined);
        invariant(card === digits(TEST_CARDS.success), 400, messages.useTestCard);
        const { paymentId, signature } = await gateway.takePayment({
          orderId: request.body.order_id,
          amountPaise: Number(checkout.amount_paise),
          at: ctx.clock.now().toISOString(),
        });
        return {
          razorpay_payment_id: paymentId,
          razorpay_order_id: request.body.order_id,
          razorpay_signature: signature,
        };
      },
    );
  };
}
