import { messages } from '@shop/shared';
import type { AppContext } from '../../context.js';
import { isoIn } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';
import { accountRecovered, limitPasswordAttempts } from './rate-limits.js';
import { findUserByEmail } from './repo.js';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

/**
 * Stores the hash of a fresh token (replacing any earlier one) and mails the
 * link. The caller answers the same whether or not the email is registered.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = newSecretToken();
  const row = { token_hash: hashToken(token), expires_at: isoIn(ctx.clock, RESET_TOKEN_TTL_MS) };
  await ctx.db
    .insertInto('password_resets')
    .values({ user_id: user.id, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  // Built from PUBLIC_URL, never from the request's Host header.
  const link = `${ctx.config.publicUrl}/resetPassword/${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.name},\n\nOpen this link within 30 minutes to choose a new password:\n${link}\n\nIt replaces any link we mailed you before. If you did not ask for this, ignore this mail.\n`,
    link,
  });
}

/**
 * Single use: the token row is deleted, and every session of the user ends.
 * The account's login lock is lifted: the owner has just proved they hold it.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  client: string,
): Promise<void> {
  const tokenHash = hashToken(token);
  const row = await ctx.db
    .selectFrom('password_resets')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.expires_at <= ctx.clock.now().toISOString()) {
    throw new HttpError(400, messages.resetTokenInvalid);
  }
  await limitPasswordAttempts(ctx, row.user_id);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const used = await trx
      .deleteFrom('password_resets')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    // A parallel request used it first.
    if (Number(used.numDeletedRows) !== 1) throw new HttpError(400, messages.resetTokenInvalid);
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', row.user_id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', row.user_id).execute();
  });
  const user = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (user) await accountRecovered(ctx, user.email, client);
}
