import type { Db } from '../../db/index.js';

/** The one place rows become API shapes: `_id`, `isAdmin`, never the hash. */
export function toPublicUser(row: { id: string; name: string; email: string; is_admin: number }) {
  return { _id: row.id, name: row.name, email: row.email, isAdmin: row.is_admin === 1 };
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'is_admin', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'is_admin', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
}
