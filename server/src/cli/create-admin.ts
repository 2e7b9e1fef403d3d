import { parseArgs } from 'node:util';
import { registerSchema } from '@shop/shared';
import { loadConfig } from '../config.js';
import { createDb, describeDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { hashPassword } from '../lib/passwords.js';
import { newId } from '../lib/tokens.js';

const USAGE = 'Usage: npm run create-admin -- --email E --password P [--name N] [--promote]';

/**
 * npm run create-admin -- --email E --password P [--name N] [--promote]
 * Creates an admin. On an existing admin it sets the new password; an existing
 * customer account is made an admin only with --promote, since whoever
 * registered the address first would otherwise be handed the admin panel.
 * Either change ends every session and reset link of the account in the same
 * transaction, so only the new password opens it.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      promote: { type: 'boolean', default: false },
    },
  });
  const parsed = registerSchema.safeParse({
    email: values.email,
    password: values.password,
    name: values.name ?? 'Admin',
    confiremPassword: values.password,
  });
  if (!parsed.success) {
    console.error(USAGE);
    for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
    process.exit(2);
  }
  const { email, password, name } = parsed.data;
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const { db } = createDb(target);
  try {
    await migrateToLatest(db);
    const existing = await db
      .selectFrom('users')
      .select(['id', 'is_admin'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (existing && existing.is_admin !== 1 && !values.promote) {
      console.error(
        `${email} is an existing customer account: nothing was changed.\n` +
          'Making it an admin would hand the admin panel to whoever registered that address, and keep them logged in.\n' +
          'If the account is yours, run the command again with --promote: it becomes an admin with the given password,\n' +
          'and every session and password reset link it has is ended.',
      );
      process.exit(3);
    }
    const passwordHash = await hashPassword(password);
    if (existing) {
      const ended = await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ is_admin: 1, password_hash: passwordHash })
          .where('id', '=', existing.id)
          .execute();
        const sessions = await trx
          .deleteFrom('sessions')
          .where('user_id', '=', existing.id)
          .executeTakeFirst();
        const resets = await trx
          .deleteFrom('password_resets')
          .where('user_id', '=', existing.id)
          .executeTakeFirst();
        return { sessions: Number(sessions.numDeletedRows), resets: Number(resets.numDeletedRows) };
      });
      console.log(
        existing.is_admin === 1
          ? `Set a new password for the admin ${email}.`
          : `Promoted the customer account ${email} to admin (--promote) and set its password.`,
      );
      console.log(
        `Ended its ${plural(ended.sessions, 'session')} and ${plural(ended.resets, 'pending password reset link')}: ` +
          'whoever was logged in as it must log in again with the new password.',
      );
    } else {
      await db
        .insertInto('users')
        .values({
          id: newId(),
          name,
          email,
          password_hash: passwordHash,
          is_admin: 1,
          created_at: new Date().toISOString(),
        })
        .execute();
      console.log(`Created admin ${email}.`);
    }
    // The server reads the same settings; naming the database makes a mismatch visible.
    console.log(`Wrote to ${describeDatabase(target)}`);
  } finally {
    await db.destroy();
  }
}

const plural = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
