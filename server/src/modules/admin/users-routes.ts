import {
  adminListQuerySchema,
  adminUserSchema,
  errorSchema,
  messages,
  messageSchema,
  ownMessages,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isLookupableId } from '../../db/index.js';
import { HttpError, invariant } from '../../lib/http-errors.js';
import { releaseUserCheckouts } from '../checkout/release.js';
import { recordAudit } from './audit.js';
import { lockAdmins } from './lock-admins.js';
import { listAsAsked, textContains } from './paging.js';
import { guardAdminRoutes, requireAdmin } from './require-admin.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export function adminUserRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    app.get(
      '/api/getAllUsers',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Every user (never a password hash); or one page of them (page, limit; X-Total-Count), searched by name or email (q)',
          querystring: adminListQuerySchema,
          response: { 200: z.array(adminUserSchema), ...errors },
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        const { q } = request.query;
        const matching = () => {
          const all = ctx.db.selectFrom('users');
          return q
            ? all.where((eb) =>
                eb.or([textContains(ctx.dbKind, 'name', q), textContains(ctx.dbKind, 'email', q)]),
              )
            : all;
        };
        const rows = await listAsAsked(reply, request.query, matching, (users) =>
          users.select(['id', 'name', 'email', 'is_admin', 'created_at']).orderBy('created_at').orderBy('id'),
        );
        return rows.map((r) => ({
          _id: r.id,
          name: r.name,
          email: r.email,
          isAdmin: r.is_admin === 1,
          createdAt: r.created_at,
        }));
      },
    );

    app.delete(
      '/api/user/delete/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Delete a user: sessions and cart go, orders and reviews stay',
          params: z.object({ id: z.string() }),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const { id } = request.params;
        invariant(id !== admin.id, 409, messages.cannotDeleteSelf);
        invariant(isLookupableId(id), 404, messages.userNotFound);
        await deleteUser(ctx, admin, id);
        return { message: messages.userDeleted };
      },
    );
  };
}

async function deleteUser(ctx: AppContext, admin: Parameters<typeof recordAudit>[1], id: string) {
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    // Admin rows locked first so two admins cannot delete each other past the last-admin rule.
    const adminIds = await lockAdmins(trx, ctx.dbKind);
    const target = await trx
      .selectFrom('users')
      .select(['id', 'email', 'is_admin'])
      .where('id', '=', id)
      .executeTakeFirst();
    invariant(target, 404, messages.userNotFound);
    if (target.is_admin === 1 && adminIds.length <= 1)
      throw new HttpError(409, messages.cannotDeleteLastAdmin);

    // Stock held by the user's unpaid checkouts goes back on the shelf.
    await releaseUserCheckouts(trx, id, now);

    // Reviews stay, as when a customer deletes their own account, but no longer under a name the
    // shop was told to forget. Their orders keep their shipping details: paid ones may still ship.
    await trx
      .updateTable('reviews')
      .set({ user_name: ownMessages.deletedCustomer })
      .where('user_id', '=', id)
      .execute();
    // Sessions, cart lines and reset tokens go with the row (foreign keys cascade).
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await recordAudit(trx, admin, now, {
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      details: { email: target.email },
    });
  });
}
