import { errorSchema, lastShippingAnswerSchema, type LastShippingAnswer } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import { requireUser } from '../sessions/plugin.js';

/**
 * The shipping details a shopper gave with their latest order, kept with their orders on the
 * server, so the place-order form can offer them again on any device.
 */
export function shippingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/user/last-shipping',
      {
        schema: {
          tags: ['orders'],
          summary: "The session user's shipping details of their latest order (null before the first)",
          response: { 200: lastShippingAnswerSchema, 401: errorSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        // An address and phone number: never kept by a browser cache or a proxy, whatever the
        // API's answers in general come to allow.
        void reply.header('cache-control', 'no-store');
        return { shipping: await lastShipping(ctx.db, user.id) };
      },
    );
  };
}

export async function lastShipping(db: Db, userId: string): Promise<LastShippingAnswer['shipping']> {
  // orders_user_latest (user_id, created_at) finds it without a sort.
  const row = await db
    .selectFrom('orders')
    .select([
      'recipient_name',
      'recipient_email',
      'recipient_phone',
      'street_address',
      'town',
      'pincode',
      'state',
      'country',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: row.recipient_name,
    email: row.recipient_email,
    phone: row.recipient_phone,
    streetAddress: row.street_address,
    town: row.town,
    pincode: row.pincode,
    state: row.state,
    country: row.country,
  };
}
