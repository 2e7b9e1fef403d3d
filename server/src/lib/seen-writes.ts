import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './api-path.js';
import { shopCookie, STATE_CHANGING_METHODS } from './http.js';

/**
 * The cookie that marks a shopper's last write, for instances that did not
 * make it. Each instance answers what the shop shows from memory for up to a
 * second (db/read-memo.ts); it knows of its own writes at once, but not of
 * another instance's. Behind a proxy a shopper's next request may go to
 * another instance than their write did, and must still show that write
 * (their review on the product page, the line just added to their cart).
 * So on PostgreSQL each state-changing API answer to a logged-in shopper sets
 * a new random mark. An instance reads afresh for a mark it has not read for
 * yet, so after the write, and serves that shopper from memory only what it
 * read for their mark or later (decisions/0021). The mark says nothing about
 * the shop: no number, nothing to decode.
 */
export const SEEN_WRITES_COOKIE = 'seen';

const MARK = /^[\w-]{16}$/;

/**
 * Long enough to outlast every memo read before the write (SHOWN_READ_TRUSTED_MS),
 * with room for a slow request; short so a mark does not ride on every request for long.
 */
const MARK_KEPT_SECONDS = 60;

/** The request's mark, if it carries a well-formed one (anything else is ignored). */
export function seenMarkOf(request: FastifyRequest): string | undefined {
  const mark = request.cookies[SEEN_WRITES_COOKIE];
  return mark && MARK.test(mark) ? mark : undefined;
}

/**
 * Sets a new mark on each state-changing API answer to a logged-in shopper,
 * refused ones too: some write before they refuse (a checkout gives back the
 * shopper's earlier reservation first). What the mark serves, the product
 * page and the cart, needs a session, so an anonymous answer gets none.
 * PostgreSQL only: one SQLite file has one shop process, which knows its own writes.
 */
export function registerSeenWrites(app: FastifyInstance, options: { secure: boolean }): void {
  const cookie = { ...shopCookie(options.secure), maxAge: MARK_KEPT_SECONDS };
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.user && STATE_CHANGING_METHODS.has(request.method) && isApiPath(request.url))
      reply.setCookie(SEEN_WRITES_COOKIE, randomBytes(12).toString('base64url'), cookie);
    done(null, payload);
  });
}
