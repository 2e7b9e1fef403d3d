import {
  adminOrderDetailSchema,
  adminPageQuerySchema,
  cancelOrderSchema,
  errorSchema,
  MAX_UNPAGED_ADMIN_ROWS,
  messages,
  orderActionAnswerSchema,
  orderMessages,
  paiseToRupees,
  refundEntrySchema,
  refundOrderSchema,
  refundQueueSchema,
  returnOrderSchema,
  rupeesToPaise,
  shipOrderSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isLookupableId } from '../../db/index.js';
import { HttpError, invariant } from '../../lib/http-errors.js';
import { moveOrder, type Move } from '../orders/transitions.js';
import { recordRefund } from '../refunds/record.js';
import { toRefundEntry } from '../refunds/repo.js';
import { submitRefund } from '../refunds/submit.js';
import { adminOrder, ordersWithBuyers, selectAdminOrders, toAdminOrders } from './admin-orders.js';
import { recordAudit } from './audit.js';
import { listAsAsked } from './paging.js';
import { guardAdminRoutes, requireAdmin } from './require-admin.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['admin'];
const params = z.object({ id: z.string() });

/**
 * The owner's order page and its actions (ship, cancel, return, refund), and
 * the refund queue. Every move goes through orders/transitions.ts; every
 * refund through refunds/ (recorded, then sent with its idempotency key).
 */
export function adminOrderActionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const refundsJoined = () =>
    ctx.db
      .selectFrom('refunds')
      .innerJoin('checkouts', 'checkouts.id', 'refunds.checkout_id')
      .leftJoin('users', 'users.id', 'checkouts.user_id');
  const withBuyer = (refunds: ReturnType<typeof refundsJoined>) =>
    refunds.selectAll('refunds').select('users.email as buyer_email');
  const refundsWithBuyer = () => withBuyer(refundsJoined());

  async function answer(id: string, message: string) {
    const order = await adminOrder(ctx, id);
    invariant(order, 404, messages.orderNotFound);
    return { message, order };
  }

  return async (app) => {
    guardAdminRoutes(app);

    app.get(
      '/api/admin/orders/:id',
      {
        schema: {
          tags,
          summary: 'One order with its payment, status history, refunds and the other orders of its checkout',
          params,
          response: { 200: adminOrderDetailSchema, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        const { id } = request.params;
        invariant(isLookupableId(id), 404, messages.orderNotFound);
        const row = await selectAdminOrders(ordersWithBuyers(ctx))
          .where('orders.id', '=', id)
          .executeTakeFirst();
        invariant(row, 404, messages.orderNotFound);
        const [order] = await toAdminOrders(ctx, [row]);
        const siblings = await selectAdminOrders(ordersWithBuyers(ctx))
          .where('orders.checkout_id', '=', row.checkout_id)
          .orderBy('orders.product_id')
          .execute();
        const checkout = await ctx.db
          .selectFrom('checkouts')
          .select(['id', 'amount_paise', 'provider'])
          .where('id', '=', row.checkout_id)
          .executeTakeFirstOrThrow();
        const events = await ctx.db
          .selectFrom('order_events')
          .selectAll()
          .where('order_id', '=', id)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        const refunds = await refundsWithBuyer()
          .where('refunds.order_id', '=', id)
          .orderBy('refunds.created_at')
          .execute();
        return {
          order: order!,
          payment: {
            id: row.transaction_id,
            method: row.payment_method ?? (checkout.provider === 'test' ? 'card' : 'unknown'),
            provider: checkout.provider,
          },
          history: [
            { status: 'placed' as const, time: row.created_at, by: 'system', note: 'paid' },
            ...events.map((e) => ({ status: e.status, time: e.created_at, by: e.actor, note: e.note })),
          ],
          refunds: refunds.map(toRefundEntry),
          checkout: {
            id: checkout.id,
            total: paiseToRupees(Number(checkout.amount_paise)),
            orders: await toAdminOrders(ctx, siblings),
          },
          cancelReason: row.cancel_reason,
        };
      },
    );

    const mover = (request: Parameters<typeof requireAdmin>[0]) => ({
      user: requireAdmin(request),
      as: 'admin' as const,
    });
    const checkedId = (id: string) => {
      invariant(isLookupableId(id), 404, messages.orderNotFound);
      return id;
    };
    const move = async (request: Parameters<typeof requireAdmin>[0], id: string, to: Move, done: string) => {
      const { trackingCorrected } = await moveOrder(ctx, mover(request), checkedId(id), to);
      return answer(id, trackingCorrected ? orderMessages.trackingUpdatedDone : done);
    };

    app.post(
      '/api/admin/orders/:id/ship',
      {
        schema: {
          tags,
          summary:
            'Ship a placed order (carrier, tracking number, optional tracking URL); a shipped one with other details corrects its tracking; the same again is no change',
          params,
          body: shipOrderSchema,
          response: { 200: orderActionAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const { carrier, trackingNumber, trackingUrl } = request.body;
        return move(
          request,
          request.params.id,
          { to: 'shipped', carrier, trackingNumber, trackingUrl: trackingUrl || null },
          orderMessages.orderShippedDone,
        );
      },
    );

    app.post(
      '/api/admin/orders/:id/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel a placed or shipped order with a reason: stock back, payment refunded',
          params,
          body: cancelOrderSchema,
          response: { 200: orderActionAnswerSchema, ...errors },
        },
      },
      async (request) =>
        move(
          request,
          request.params.id,
          { to: 'cancelled', reason: request.body.reason },
          orderMessages.orderCancelledDone,
        ),
    );

    app.post(
      '/api/admin/orders/:id/return',
      {
        schema: {
          tags,
          summary: 'A delivered order came back: refunded, and back in stock if resaleable',
          params,
          body: returnOrderSchema,
          response: { 200: orderActionAnswerSchema, ...errors },
        },
      },
      async (request) =>
        move(
          request,
          request.params.id,
          { to: 'returned', resaleable: request.body.resaleable, note: request.body.note ?? '' },
          orderMessages.orderReturnedDone,
        ),
    );

    app.post(
      '/api/admin/orders/:id/refund',
      {
        schema: {
          tags,
          summary: 'Refund part or the rest of an order (rupees; never more than is left)',
          params,
          body: refundOrderSchema,
          response: { 200: orderActionAnswerSchema, ...errors, 502: errorSchema },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const id = checkedId(request.params.id);
        const now = ctx.clock.now().toISOString();
        const amount = request.body.amount;
        const refundId = await ctx.db.transaction().execute(async (trx) => {
          const order = await trx
            .selectFrom('orders')
            .select(['checkout_id'])
            .where('id', '=', id)
            .executeTakeFirst();
          invariant(order, 404, messages.orderNotFound);
          const created = await recordRefund(trx, ctx.dbKind, now, {
            checkoutId: order.checkout_id,
            orderId: id,
            ...(amount === undefined ? {} : { amountPaise: rupeesToPaise(amount) }),
            reason: 'refunded by the owner',
          });
          if (!created) throw new HttpError(409, orderMessages.refundNothingLeft);
          await recordAudit(trx, admin, now, {
            action: 'order.refund',
            targetType: 'order',
            targetId: id,
            details: { refundId: created, ...(amount === undefined ? {} : { amount }) },
          });
          return created;
        });
        await submitRefund(ctx, refundId);
        return answer(id, orderMessages.refundRequested);
      },
    );

    app.post(
      '/api/admin/refunds/:id/retry',
      {
        schema: {
          tags,
          summary:
            'Retry a refund: a failed one as a new request for the same amount, an unanswered one with its own key',
          params,
          response: { 200: refundEntrySchema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const { id } = request.params;
        invariant(isLookupableId(id), 404, orderMessages.refundNotFound);
        const now = ctx.clock.now().toISOString();
        const refund = await ctx.db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
        invariant(refund, 404, orderMessages.refundNotFound);
        let toSend = refund.id;
        if (refund.status === 'failed') {
          toSend = await ctx.db.transaction().execute(async (trx) => {
            const created = await recordRefund(trx, ctx.dbKind, now, {
              checkoutId: refund.checkout_id,
              orderId: refund.order_id,
              paymentId: refund.payment_id,
              amountPaise: Number(refund.amount_paise),
              reason: `retry of ${refund.id}`,
            });
            await recordAudit(trx, admin, now, {
              action: 'refund.retry',
              targetType: 'order',
              targetId: refund.order_id ?? refund.checkout_id,
              details: { failed: refund.id, retry: created },
            });
            return created!;
          });
        } else {
          invariant(
            refund.status === 'pending' && refund.provider_refund_id === null,
            409,
            orderMessages.refundNotRetryable,
          );
        }
        await submitRefund(ctx, toSend);
        const row = await refundsWithBuyer().where('refunds.id', '=', toSend).executeTakeFirstOrThrow();
        return toRefundEntry(row);
      },
    );

    app.get(
      '/api/admin/refunds',
      {
        schema: {
          tags,
          summary:
            'The refund queue: refunds newest first, or one page of them (page, limit; X-Total-Count counts the refunds), and paid checkouts due a refund with none yet, oldest first',
          querystring: adminPageQuerySchema,
          response: { 200: refundQueueSchema, ...errors },
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        const refunds = await listAsAsked(reply, request.query, refundsJoined, (joined) =>
          withBuyer(joined).orderBy('refunds.created_at', 'desc').orderBy('refunds.id'),
        );
        const due = await ctx.db
          .selectFrom('checkouts')
          .leftJoin('users', 'users.id', 'checkouts.user_id')
          .select([
            'checkouts.id',
            'checkouts.payment_id',
            'checkouts.amount_paise',
            'checkouts.closed_at',
            'users.email',
          ])
          .where('checkouts.status', '=', 'refund_due')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('refunds')
                  .select('refunds.id')
                  .whereRef('refunds.checkout_id', '=', 'checkouts.id')
                  .whereRef('refunds.payment_id', '=', 'checkouts.payment_id')
                  .where('refunds.status', '!=', 'failed'),
              ),
            ),
          )
          .orderBy('checkouts.closed_at')
          // The owner's to-do list, oldest first: each one refunded leaves it. Bounded as an unpaged list is.
          .limit(MAX_UNPAGED_ADMIN_ROWS)
          .execute();
        return {
          refunds: refunds.map(toRefundEntry),
          due: due.map((c) => ({
            checkoutId: c.id,
            paymentId: c.payment_id ?? '',
            amount: paiseToRupees(Number(c.amount_paise)),
            buyerEmail: c.email ?? '',
            paidAt: c.closed_at ?? '',
          })),
        };
      },
    );

    app.post(
      '/api/admin/checkouts/:id/refund',
      {
        schema: {
          tags,
          summary: 'Refund what is left of a payment whose checkout became no orders (refund due)',
          params,
          response: { 200: refundEntrySchema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const { id } = request.params;
        invariant(isLookupableId(id), 404, messages.checkoutNotFound);
        const now = ctx.clock.now().toISOString();
        const refundId = await ctx.db.transaction().execute(async (trx) => {
          const checkout = await trx
            .selectFrom('checkouts')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirst();
          invariant(checkout, 404, messages.checkoutNotFound);
          invariant(checkout.status === 'refund_due', 409, orderMessages.refundNothingLeft);
          const created = await recordRefund(trx, ctx.dbKind, now, {
            checkoutId: id,
            orderId: null,
            reason:
              'paid, but no orders could be made (sold out, re-priced, a product or the account deleted)',
          });
          if (!created) throw new HttpError(409, orderMessages.refundNothingLeft);
          await recordAudit(trx, admin, now, {
            action: 'checkout.refund',
            targetType: 'order',
            targetId: id,
            details: { refundId: created },
          });
          return created;
        });
        await submitRefund(ctx, refundId);
        const row = await refundsWithBuyer().where('refunds.id', '=', refundId).executeTakeFirstOrThrow();
        return toRefundEntry(row);
      },
    );
  };
}
