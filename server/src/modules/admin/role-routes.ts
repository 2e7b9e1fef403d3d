import { adminRoleSchema, errorSchema, messages, messageSchema, ownMessages } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isLookupableId } from '../../db/index.js';
import { HttpError, invariant } from '../../lib/http-errors.js';
import type { SessionUser } from '../sessions/store.js';
import { recordAudit } from './audit.js';
import { guardAdminRoutes, requireAdmin } from './require-admin.js';
import { lockAdmins } from './lock-admins.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Making a registered user an admin, and taking it back, from the users list. */
export function adminRoleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    app.patch(
      '/api/admin/users/:id/admin',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Make a user an admin or take it back (never your own, never the last admin); their sessions end',
          params: z.object({ id: z.string() }),
          body: adminRoleSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const { id } = request.params;
        // Your own role never: a demoted admin could lock themselves out mid-task.
        invariant(id !== admin.id, 409, ownMessages.cannotChangeOwnRole);
        invariant(isLookupableId(id), 404, messages.userNotFound);
        const name = await setRole(ctx, admin, id, request.body.isAdmin);
        return {
          message: request.body.isAdmin ? ownMessages.madeAdmin(name) : ownMessages.adminRemoved(name),
        };
      },
    );
  };
}

async function setRole(ctx: AppContext, admin: SessionUser, id: string, makeAdmin: boolean) {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const adminIds = await lockAdmins(trx, ctx.dbKind);
    // Another admin may have taken this one's rights while the request waited for the lock.
    invariant(adminIds.includes(admin.id), 403, messages.adminOnly);
    const target = await trx
      .selectFrom('users')
      .select(['id', 'name', 'email', 'is_admin'])
      .where('id', '=', id)
      .executeTakeFirst();
    invariant(target, 404, messages.userNotFound);
    if (!makeAdmin && target.is_admin === 1 && adminIds.length <= 1)
      throw new HttpError(409, ownMessages.cannotDemoteLastAdmin);
    if ((target.is_admin === 1) === makeAdmin) return target.name;

    await trx
      .updateTable('users')
      .set({ is_admin: makeAdmin ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    // Whatever the account had open was opened with the old rights: it logs in again.
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await recordAudit(trx, admin, now, {
      action: makeAdmin ? 'user.promote' : 'user.demote',
      targetType: 'user',
      targetId: id,
      details: { email: target.email },
    });
    return target.name;
  });
}
