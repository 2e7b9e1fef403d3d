import { messages, type updateProfileSchema } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../lib/http-errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { SessionUser } from '../sessions/store.js';
import { limitAuthByAddress, limitPasswordAttempts } from './rate-limits.js';
import { findUserById } from './repo.js';

/** The status and, for all but 204, the body: the new name (200, 202) or the message (201). */
type Outcome = { status: 200 | 201 | 202; body: string } | { status: 204 };

/**
 * PATCH /api/user/update with the spec's answers: 200 name changed, 201
 * password changed, 202 both, 204 nothing changed. An empty `userName` keeps
 * the name (the spec's client sends one when only the password changes). A password change ends every
 * session of the user (and any pending reset link) and starts a new one for this browser.
 */
export async function updateProfile(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionUser: SessionUser,
  input: z.output<typeof updateProfileSchema>,
): Promise<Outcome> {
  const user = await findUserById(ctx.db, sessionUser.id);
  if (!user) throw new HttpError(404, messages.userNotFound);
  const newName = input.userName === '' ? user.name : input.userName;
  const nameChanged = newName !== user.name;
  const passwordChanged = input.newPassword !== '';

  if (passwordChanged) {
    // Its own budgets, not the login's: a stranger's wrong logins never block the owner's change,
    // and whoever holds the session cannot guess the old password (or hash) without end.
    await limitAuthByAddress(ctx, request);
    await limitPasswordAttempts(ctx, user.id);
    if (!(await verifyPassword(user.password_hash, input.oldPassword))) {
      throw new HttpError(401, messages.oldPasswordIncorrect);
    }
  }
  if (!nameChanged && !passwordChanged) return { status: 204 };

  const passwordHash = passwordChanged ? await hashPassword(input.newPassword) : undefined;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ name: newName, ...(passwordHash ? { password_hash: passwordHash } : {}) })
      .where('id', '=', user.id)
      .execute();
    // Reviews are signed with the name: a renamed customer's show the name they go by now.
    if (nameChanged)
      await trx.updateTable('reviews').set({ user_name: newName }).where('user_id', '=', user.id).execute();
    if (passwordHash) {
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      // A reset link still lying in a mailbox would otherwise undo the new password.
      await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
    }
  });
  if (passwordHash) await ctx.sessions.start(request, reply, user.id);

  if (nameChanged && passwordChanged) return { status: 202, body: newName };
  if (nameChanged) return { status: 200, body: newName };
  return { status: 201, body: messages.passwordChanged };
}
