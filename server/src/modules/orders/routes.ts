import { errorSchema, messages, orderMessages, orderSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isLookupableId } from '../../db/index.js';
import { invariant } from '../../lib/http-errors.js';
import { requireUser } from '../sessions/plugin.js';
import { toOrders } from './repo.js';
import { moveOrder } from './transitions.js';

export function orderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/user/get-orders',
      {
        schema: {
          tags: ['orders'],
          summary: "The session user's orders, newest first",
          response: { 200: z.array(orderSchema), 401: errorSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const rows = await ctx.db
          .selectFrom('orders')
          .selectAll()
          .where('user_id', '=', user.id)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .execute();
        return toOrders(ctx.db, rows);
      },
    );

    // A wildcard: whatever follows, a slash or a mangled id too, is an order simply not found.
    app.get(
      '/api/user/get-order/*',
      {
        schema: {
          tags: ['orders'],
          summary: 'One of the session user\'s orders; anyone else\'s is "not found"',
          params: z.object({ '*': z.string() }),
          response: { 200: orderSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const id = request.params['*'];
        const row = isLookupableId(id)
          ? await ctx.db
              .selectFrom('orders')
              .selectAll()
              .where('id', '=', id)
              .where('user_id', '=', user.id)
              .executeTakeFirst()
          : undefined;
        invariant(row, 404, messages.orderNotFound);
        return (await toOrders(ctx.db, [row]))[0]!;
      },
    );

    app.post(
      '/api/user/orders/:id/cancel',
      {
        schema: {
          tags: ['orders'],
          summary:
            "Cancel one of the session user's own orders before it ships: stock back, payment refunded; again is no change",
          params: z.object({ id: z.string() }),
          response: {
            200: z.object({ message: z.string(), order: orderSchema }),
            401: errorSchema,
            404: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { id } = request.params;
        invariant(isLookupableId(id), 404, messages.orderNotFound);
        await moveOrder(ctx, { user, as: 'customer' }, id, {
          to: 'cancelled',
          reason: 'cancelled by the customer',
        });
        const row = await ctx.db
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', id)
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        return { message: orderMessages.orderCancelledByYou, order: (await toOrders(ctx.db, [row]))[0]! };
      },
    );
  };
}
