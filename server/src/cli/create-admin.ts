import { parseArgs } from 'node:util';
import { registerSchema } from '@shop/shared';
import { loadConfig } from '../config.js';
import { createDb, describeDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { hashPassword } from '../lib/passwords.js';
import { newId } from '../lib/tokens.js';

/**
 * npm run create-admin -- --email E --password P --name N
 * Creates an admin, or promotes (and re-passwords) an existing account.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const parsed = registerSchema.safeParse({
    ...values,
    name: values.name ?? 'Admin',
    confiremPassword: values.password,
  });
  if (!parsed.success) {
    console.error('Usage: npm run create-admin -- --email E --password P [--name N]');
    for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
    process.exit(2);
  }
  const { email, password, name } = parsed.data;
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const { db } = createDb(target);
  try {
    await migrateToLatest(db);
    const passwordHash = await hashPassword(password);
    const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) {
      await db
        .updateTable('users')
        .set({ is_admin: 1, password_hash: passwordHash })
        .where('id', '=', existing.id)
        .execute();
      console.log(`Promoted ${email} to admin (password updated).`);
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
