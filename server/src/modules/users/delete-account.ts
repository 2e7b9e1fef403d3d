import { messages, ownMessages } from '@shop/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { HttpError, invariant } from '../../lib/http-errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { lockAdmins } from '../admin/lock-admins.js';
import { releaseUserCheckouts } from '../checkout/release.js';

const GONE = ownMessages.deletedCustomer;

/**
 * A customer deletes their own account, with their current password (DPDP Act, 2023). The
 * account row goes, and with it (foreign keys cascade) its sessions, cart lines and reset links.
 * Orders stay: tax law wants the seller's sales records (amounts, dates, products, and the place
 * of supply: town, pincode, state, country); the name, email, phone and street address on them,
 * and on the checkouts they were paid through, are replaced. Reviews stay under "Deleted
 * customer". The last admin cannot leave.
 */
export async function deleteOwnAccount(ctx: AppContext, userId: string, password: string): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  invariant(user, 401, messages.loginRequired);
  if (!(await verifyPassword(user.password_hash, password)))
    throw new HttpError(401, ownMessages.passwordIncorrect);

  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const adminIds = await lockAdmins(trx, ctx.dbKind);
    if (adminIds.includes(userId) && adminIds.length <= 1)
      throw new HttpError(409, ownMessages.lastAdminCannotLeave);
    // The customer's orders before the stock their checkouts give back: the owner's cancel and
    // refund lock an order first too, so the two wait for each other instead of deadlocking.
    if (ctx.dbKind === 'postgres')
      await trx
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .forUpdate()
        .execute();
    await releaseUserCheckouts(trx, userId, now);
    await trx
      .updateTable('orders')
      .set({ recipient_name: GONE, recipient_email: '', recipient_phone: '', street_address: '' })
      .where('user_id', '=', userId)
      .execute();
    await anonymiseCheckouts(trx, userId);
    await trx.updateTable('reviews').set({ user_name: GONE }).where('user_id', '=', userId).execute();
    // Mails to the address, sent or waiting, hold the name and the address itself.
    await trx.deleteFrom('mail_outbox').where('to_address', '=', user.email).execute();
    const { numDeletedRows } = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    invariant(Number(numDeletedRows) === 1, 401, messages.loginRequired);
  });
}

/** The shipping form kept with each checkout keeps only the place of supply; the address it came from goes. */
async function anonymiseCheckouts(trx: Transaction<Database>, userId: string) {
  const rows = await trx
    .selectFrom('checkouts')
    .select(['id', 'shipping'])
    .where('user_id', '=', userId)
    .execute();
  for (const row of rows) {
    const form = JSON.parse(row.shipping) as Record<string, unknown> | null;
    const shipping = form
      ? JSON.stringify({
          ...form,
          name: GONE,
          email: '',
          phone: '',
          streetAddress: '',
        })
      : row.shipping;
    await trx
      .updateTable('checkouts')
      .set({ shipping, client_address: '' })
      .where('id', '=', row.id)
      .execute();
  }
}
