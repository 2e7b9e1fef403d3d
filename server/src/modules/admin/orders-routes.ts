import {
  adminOrderSchema,
  adminOrdersQuerySchema,
  adminPageQuerySchema,
  auditEntrySchema,
  errorSchema,
  messages,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isLookupableId } from '../../db/index.js';
import { invariant } from '../../lib/http-errors.js';
import { adminOrder, ordersWithBuyers, selectAdminOrders, toAdminOrders } from './admin-orders.js';
import { moveOrder } from '../orders/transitions.js';
import { orderSearch } from './order-search.js';
import { listAsAsked } from './paging.js';
import { guardAdminRoutes, requireAdmin } from './require-admin.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['admin'];

export function adminOrderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    app.get(
      '/api/admin/orders',
      {
        schema: {
          tags,
          summary:
            'Every order, newest first, optionally by status; or one page of them (page, limit; X-Total-Count), searched by buyer email or exactly by an order id, payment order id or transaction id (q)',
          querystring: adminOrdersQuerySchema,
          response: { 200: z.array(adminOrderSchema), ...errors },
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        const { q, status } = request.query;
        const searched = q ? await orderSearch(ctx.db, ctx.dbKind, q) : undefined;
        const matching = () => {
          let orders = ordersWithBuyers(ctx);
          if (status && status !== 'all') orders = orders.where('orders.status', '=', status);
          return searched ? orders.where(searched) : orders;
        };
        const rows = await listAsAsked(reply, request.query, matching, (orders) =>
          selectAdminOrders(orders).orderBy('orders.created_at', 'desc').orderBy('orders.id'),
        );
        return toAdminOrders(ctx, rows);
      },
    );

    app.patch(
      '/api/admin/orders/:id/deliver',
      {
        schema: {
          tags,
          summary: 'Mark an order delivered (from placed or shipped; again is no change)',
          params: z.object({ id: z.string() }),
          response: {
            200: z.object({ message: z.string(), order: adminOrderSchema }),
            ...errors,
            409: errorSchema,
          },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const { id } = request.params;
        invariant(isLookupableId(id), 404, messages.orderNotFound);
        await moveOrder(ctx, { user: admin, as: 'admin' }, id, { to: 'delivered' });
        return { message: messages.markedDelivered, order: (await adminOrder(ctx, id))! };
      },
    );

    app.get(
      '/api/admin/audit',
      {
        schema: {
          tags,
          summary:
            'Admin actions, newest first; or one page of them (page, limit; X-Total-Count), every one reachable',
          querystring: adminPageQuerySchema,
          response: { 200: z.array(auditEntrySchema), ...errors },
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        const rows = await listAsAsked(
          reply,
          request.query,
          () => ctx.db.selectFrom('audit_log'),
          (entries) => entries.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
        );
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
