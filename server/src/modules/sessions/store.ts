import { setImmediate as nextTurn } from 'node:timers/promises';
import { anyOf, createKeyedBatcher, keysParameter } from '../../db/batch.js';
import { compileOnce } from '../../db/compile-once.js';
import { kindOf, type Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';

export type SessionUser = { id: string; name: string; email: string; isAdmin: boolean };

/** Server-side sessions: the cookie holds a random id, the table holds its hash. */
export function createSessionStore(db: Db, clock: Clock, ttlMs: number) {
  // Every API request with a session cookie runs this one: the sessions asked at once share
  // one statement (db/batch.ts), as the catalog's reads do.
  const sessions = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.is_admin', 'sessions.expires_at']);
  const kind = kindOf(db);
  const sessionsOf = compileOnce(
    db,
    sessions.select('sessions.id_hash').where(anyOf('sessions.id_hash', kind)),
  );
  const sessionByHash = createKeyedBatcher(
    (hashes) => sessionsOf(keysParameter(hashes, kind)),
    (row) => row.id_hash,
  );
  return {
    async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = newSecretToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + ttlMs);
      await db
        .insertInto('sessions')
        .values({
          id_hash: hashToken(token),
          user_id: userId,
          created_at: now.toISOString(),
          expires_at: expiresAt.toISOString(),
        })
        .execute();
      return { token, expiresAt };
    },

    /** The user behind a cookie, read from the database (admin flag included) on every request. */
    async findUser(token: string): Promise<SessionUser | null> {
      const now = clock.now();
      const [row] = await sessionByHash(hashToken(token));
      if (!row) return null;
      if (row.expires_at <= now.toISOString()) {
        await this.end(token);
        return null;
      }
      return { id: row.id, name: row.name, email: row.email, isAdmin: row.is_admin === 1 };
    },

    async end(token: string): Promise<void> {
      await db.deleteFrom('sessions').where('id_hash', '=', hashToken(token)).execute();
    },

    async endAllFor(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    /**
     * Removes expired sessions, `chunk` at a time with a turn of the event loop
     * between: a sweep may find a million, and one SQLite delete of them would
     * hold the process (and other writers) for seconds. Answers how many went.
     */
    async purgeExpired(chunk = 1000): Promise<number> {
      let removed = 0;
      for (;;) {
        const expired = db
          .selectFrom('sessions')
          .select('id_hash')
          .where('expires_at', '<=', clock.now().toISOString())
          .limit(chunk);
        const { numDeletedRows } = await db
          .deleteFrom('sessions')
          .where('id_hash', 'in', expired)
          .executeTakeFirst();
        removed += Number(numDeletedRows);
        if (Number(numDeletedRows) < chunk) return removed;
        await nextTurn();
      }
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
