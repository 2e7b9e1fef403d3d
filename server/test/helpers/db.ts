import { createHash } from 'node:crypto';
import type { App } from '../../src/app.js';

/** Rows as stored, read straight from the database the app uses. */
export function userRow(app: App, email: string) {
  return app.ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function sessionRows(app: App, email: string) {
  const user = await userRow(app, email);
  if (!user) return [];
  return app.ctx.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
}

export async function resetRows(app: App, email: string) {
  const user = await userRow(app, email);
  if (!user) return [];
  return app.ctx.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute();
}

/** How the server keeps secrets (session ids, reset tokens): their sha256, never the value. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
