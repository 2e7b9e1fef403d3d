import {
  adminOrderSchema,
  adminOrdersQuerySchema,
  auditEntrySchema,
  errorSchema,
  messages,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isLookupableId } from '../../db/index.js';
import { invariant } from '../../lib/http-errors.js';
import { toOrder } from '../orders/repo.js';
import { recordAudit } from './audit.js';
import { listAsAsked, textContains } from './paging.js';
import { guardAdminRoutes, requireAdmin } from './require-admin.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['admin'];

export function adminOrderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** Orders with their buyer; a deleted account's orders show the recipient instead. */
  const withBuyers = () =>
    ctx.db
      .selectFrom('orders')
      .leftJoin('users', 'users.id', 'orders.user_id')
      .leftJoin('checkouts', 'checkouts.id', 'orders.checkout_id');
  const ordersQuery = (orders = withBuyers()) =>
    orders
      .selectAll('orders')
      .select(['users.name as buyer_name', 'users.email as buyer_email', 'checkouts.provider as provider']);
  type Row = Awaited<ReturnType<ReturnType<typeof ordersQuery>['executeTakeFirstOrThrow']>>;
  const toAdminOrder = (row: Row) => ({
    ...toOrder(row),
    buyer: {
      userId: row.user_id,
      name: row.buyer_name ?? row.recipient_name,
      email: row.buyer_email ?? row.recipient_email,
    },
    testPayment: row.provider === 'test',
  });

  return async (app) => {
    guardAdminRoutes(app);
    app.get(
      '/api/admin/orders',
      {
        schema: {
          tags,
          summary:
            'Every order, newest first, optionally by status; or one page of them (page, limit; X-Total-Count), searched by order id or buyer email (q)',
          querystring: adminOrdersQuerySchema,
          response: { 200: z.array(adminOrderSchema), ...errors },
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        const { q, status } = request.query;
        const matching = () => {
          let orders = withBuyers();
          if (status === 'placed') orders = orders.where('orders.is_delivered', '=', 0);
          if (status === 'delivered') orders = orders.where('orders.is_delivered', '=', 1);
          if (!q) return orders;
          return orders.where((eb) =>
            eb.or([
              eb('orders.id', '=', q),
              textContains(ctx.dbKind, 'users.email', q),
              textContains(ctx.dbKind, 'orders.recipient_email', q),
            ]),
          );
        };
        const rows = await listAsAsked(reply, request.query, matching, (orders) =>
          ordersQuery(orders).orderBy('orders.created_at', 'desc').orderBy('orders.id'),
        );
        return rows.map(toAdminOrder);
      },
    );

    app.patch(
      '/api/admin/orders/:id/deliver',
      {
        schema: {
          tags,
          summary: 'Mark an order delivered',
          params: z.object({ id: z.string() }),
          response: { 200: z.object({ message: z.string(), order: adminOrderSchema }), ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const { id } = request.params;
        invariant(isLookupableId(id), 404, messages.orderNotFound);
        const now = ctx.clock.now().toISOString();
        await ctx.db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('orders')
            .set({ is_delivered: 1 })
            .where('id', '=', id)
            .executeTakeFirst();
          invariant(Number(updated.numUpdatedRows) === 1, 404, messages.orderNotFound);
          await recordAudit(trx, admin, now, { action: 'order.deliver', targetType: 'order', targetId: id });
        });
        const row = await ordersQuery().where('orders.id', '=', id).executeTakeFirstOrThrow();
        return { message: messages.markedDelivered, order: toAdminOrder(row) };
      },
    );

    app.get(
      '/api/admin/audit',
      {
        schema: {
          tags,
          summary: 'Admin actions, newest first',
          response: { 200: z.array(auditEntrySchema), ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        const rows = await ctx.db
          .selectFrom('audit_log')
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(500)
          .execute();
        return rows.map((r) => ({
          _id: r.id,
          actor: { userId: r.actor_id, email: r.actor_email },
          action: r.action,
          targetType: r.target_type,
          targetId: r.target_id,
          details: r.details,
          time: r.created_at,
        }));
      },
    );
  };
}
