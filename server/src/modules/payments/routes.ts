import {
  errorSchema,
  messages,
  messageSchema,
  orderCreateAnswerSchema,
  orderCreateSchema,
  orderSchema,
  paymentCancelSchema,
  paymentConfigSchema,
  cartDetailSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { cancelCheckout } from '../checkout/cancel.js';
import { completeCheckout } from '../checkout/complete.js';
import { confirmPayment } from '../checkout/confirm-payment.js';
import { startCheckout } from '../checkout/start.js';
import { requireSession, requireUser } from '../sessions/plugin.js';

const tags = ['payments'];
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * TEST-ONLY fault injection (faults/kill-after-payment.test.ts): with
 * SHOP_FAULT_KILL_AFTER_PAYMENT_VERIFIED=1 the process kills itself with SIGKILL
 * after a payment was confirmed and before the orders are written, to prove
 * a restart plus the webhook or the client's retry completes them exactly once.
 * Never set it in production; unset (the default), it does nothing.
 */
const killAfterPaymentVerified = process.env.SHOP_FAULT_KILL_AFTER_PAYMENT_VERIFIED === '1';

export function paymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    if (killAfterPaymentVerified) {
      ctx.log.warn(
        'SHOP_FAULT_KILL_AFTER_PAYMENT_VERIFIED is set: a verified payment kills this process (tests only)',
      );
    }
    app.get(
      '/api/payment/config',
      {
        schema: {
          tags,
          summary: 'Which card window to open',
          response: { 200: paymentConfigSchema, 401: errorSchema },
        },
      },
      async (request) => {
        requireUser(request);
        return { provider: ctx.payments.name, key: ctx.payments.keyId };
      },
    );

    app.post(
      '/api/payment/orderCreate',
      {
        schema: {
          tags,
          summary: 'Reserve the stock of the stored cart and create the provider order for its total',
          body: orderCreateSchema,
          response: { 200: orderCreateAnswerSchema, ...errors, 429: errorSchema, 502: errorSchema },
        },
      },
      async (request) => startCheckout(ctx, requireUser(request).id, request.body.data, request.ip),
    );

    app.post(
      '/api/payment/cartDetail',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: 'Confirm the payment with the provider and turn the checkout into orders, exactly once',
          body: cartDetailSchema,
          response: {
            200: z.object({ data: z.array(orderSchema), message: z.string() }),
            ...errors,
            502: errorSchema,
          },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { body } = request;
        const payment = await confirmPayment(
          ctx,
          user.id,
          {
            paymentId: body.razorpay_payment_id,
            orderId: body.razorpay_order_id,
            signature: body.razorpay_signature,
            shipping: body.data,
          },
          request.log,
        );
        if (killAfterPaymentVerified) process.kill(process.pid, 'SIGKILL');
        const orders = await completeCheckout(ctx, payment, user.id, body.data);
        return { data: orders, message: messages.paymentSuccess };
      },
    );

    app.post(
      '/api/payment/cancel',
      {
        schema: {
          tags,
          summary: 'The card window was closed or declined: give the reserved stock back',
          body: paymentCancelSchema,
          response: { 200: messageSchema, ...errors, 502: errorSchema },
        },
      },
      async (request) => {
        await cancelCheckout(ctx, requireUser(request).id, request.body.order_id, request.log);
        return { message: messages.paymentCancelled };
      },
    );
  };
}
