import { compileOnce } from '../../db/compile-once.js';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { nextTurn } from '../../lib/end-of-turn.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';

export type SessionUser = { id: string; name: string; email: string; isAdmin: boolean };

/** How long an answer may serve reads without the database (decisions/0012). */
export const READ_CACHE_MS = 5_000;
const READ_CACHE_ENTRIES = 20_000;

/** Server-side sessions: the cookie holds a random id, the table holds its hash. */
export function createSessionStore(db: Db, clock: Clock, ttlMs: number) {
  // Sessions this instance has checked lately, for reads, by the cookie's own value:
  // hashing it was about 4 % of a cached answer's processor time. The values stay in
  // this process's memory, where every request's cookie already is, for seconds.
  const readCache = new Map<string, { user: SessionUser; expiresAtMs: number; checkedAt: number }>();
  // Moves with every forget, so a lookup that overlapped one is not cached.
  let generation = 0;
  // Every API request that is not a cached read runs this one.
  const sessionByHash = compileOnce(
    db,
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.name', 'users.email', 'users.is_admin', 'sessions.expires_at'])
      .where('sessions.id_hash', '=', ''),
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

    /**
     * The user behind a cookie, read from the database (admin flag included).
     * A customer's answer is kept for `cachedUser`.
     */
    async findUser(token: string): Promise<SessionUser | null> {
      const now = clock.now();
      const generationBefore = generation;
      const [row] = await sessionByHash(hashToken(token));
      if (!row) return null;
      if (row.expires_at <= now.toISOString()) {
        await this.end(token);
        return null;
      }
      const user = { id: row.id, name: row.name, email: row.email, isAdmin: row.is_admin === 1 };
      // Admins are always read fresh; and an answer that raced a change is not kept.
      if (!user.isAdmin && generation === generationBefore) {
        readCache.delete(token);
        if (readCache.size >= READ_CACHE_ENTRIES) readCache.delete(readCache.keys().next().value!);
        readCache.set(token, { user, expiresAtMs: Date.parse(row.expires_at), checkedAt: now.getTime() });
      }
      return user;
    },

    /**
     * The user this instance found behind the cookie within the last few seconds,
     * if the session has not expired since, for the reads that may take it
     * (decisions/0012): every change to a session or a user made here forgets
     * those answers at once; one made by another instance is seen within
     * READ_CACHE_MS. Answered at once, with no promise, for the session hook.
     */
    cachedUser(token: string): SessionUser | undefined {
      const hit = readCache.get(token);
      if (!hit) return undefined;
      const now = clock.now().getTime();
      return now - hit.checkedAt < READ_CACHE_MS && hit.expiresAtMs > now ? hit.user : undefined;
    },

    /** Call after any change to sessions or users (in the database) that the query above would see. */
    forgetCachedReads(): void {
      generation += 1;
      readCache.clear();
    },

    async end(token: string): Promise<void> {
      await db.deleteFrom('sessions').where('id_hash', '=', hashToken(token)).execute();
      this.forgetCachedReads();
    },

    async endAllFor(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
      this.forgetCachedReads();
    },

    /**
     * Removes expired sessions, `chunk` at a time with a turn of the event loop
     * between: the first sweep after an upgrade may find a million, and one
     * SQLite delete of them held the process (and other writers) for 7 s.
     * Answers how many went.
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
