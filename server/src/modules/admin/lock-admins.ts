import type { Kysely } from 'kysely';
import type { DbKind } from '../../db/index.js';
import type { Database } from '../../db/schema.js';

/**
 * The admins' ids, their rows locked until the transaction ends (PostgreSQL; a SQLite write
 * transaction already excludes every other writer). Every change that could leave the shop
 * without an admin (a demotion, a deletion) takes this lock first, so two of them at once are
 * decided one after the other, the second on the first's result.
 */
export async function lockAdmins(trx: Kysely<Database>, dbKind: DbKind): Promise<string[]> {
  let admins = trx.selectFrom('users').select('id').where('is_admin', '=', 1).orderBy('id');
  if (dbKind === 'postgres') admins = admins.forUpdate();
  return (await admins.execute()).map((a) => a.id);
}
