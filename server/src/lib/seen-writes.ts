import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './api-path.js';

/**
 * The cookie that marks a shopper's last write, for instances that did not
 * make it. Each instance answers what the shop shows from memory for up to a
 * second (db/read-memo.ts); it knows of its own writes at once, but not of
 * another instance's. Behind a proxy a shopper's next request may go to
 * another instance than their write did, and must still show that write
 * (their review on the product page, the line just added to their cart).
 * So every successful state-changing API answer to a logged-in shopper on
 * PostgreSQL carries this mark, and a
 * memoized answer serves a request that carries one only if it was read for
 * that very mark, or holds the versions the mark was taken at (decisions/0021).
 */
export const SEEN_WRITES_COOKIE = 'seen';

/**
 * The catalog and stock versions read after the write, and a mark unique to
 * it (a cart change moves neither version).
 */
export type SeenWrites = { mark: string; catalog: number; stock: number };

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MARK = /^(\d{1,15})\.(\d{1,15})\.[\w-]{12}$/;

/**
 * Long enough to outlast every memo read before the write (SHOWN_READ_TRUSTED_MS),
 * with room for a slow request; short so a mark does not ride on every request for long.
 */
const MARK_KEPT_SECONDS = 60;

/** The request's mark, if it carries a well-formed one (anything else is ignored). */
export function seenWritesOf(request: FastifyRequest): SeenWrites | undefined {
  const mark = request.cookies[SEEN_WRITES_COOKIE];
  const parts = mark ? MARK.exec(mark) : null;
  if (!mark || !parts) return undefined;
  return { mark, catalog: Number(parts[1]), stock: Number(parts[2]) };
}

/**
 * After each successful state-changing API request of a logged-in shopper,
 * reads the versions (a read sent after the request's writes committed) and
 * sets the mark. A refused request wrote nothing to show (and a refused login
 * sets no cookie at all); what the mark serves, the product page and the cart,
 * needs a session. PostgreSQL only: one SQLite file has one shop process,
 * which knows its own writes.
 */
export function registerSeenWrites(
  app: FastifyInstance,
  options: { readVersions: () => Promise<{ catalog: string; stock: string | null }>; secure: boolean },
): void {
  const cookie = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secure,
    maxAge: MARK_KEPT_SECONDS,
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      !STATE_CHANGING.has(request.method) ||
      reply.statusCode >= 400 ||
      !request.user ||
      !isApiPath(request.url)
    )
      return done(null, payload);
    options.readVersions().then(
      ({ catalog, stock }) => {
        const mark = `${catalog}.${stock ?? 0}.${randomBytes(9).toString('base64url')}`;
        reply.setCookie(SEEN_WRITES_COOKIE, mark, cookie);
        done(null, payload);
      },
      (error: unknown) => {
        // The write stands; the shopper's next answer elsewhere may lag it by up to a second.
        request.log.warn({ err: error }, 'reading the versions for the seen-writes mark failed');
        done(null, payload);
      },
    );
  });
}
