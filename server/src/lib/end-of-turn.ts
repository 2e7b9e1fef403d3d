import type { FastifyReply, FastifyRequest } from 'fastify';

/** Resolves at the end of this turn of the event loop, after the I/O it read (setImmediate). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Route option for the hot reads (catalog page, product page, cart): an
 * answer ready at once is written at the end of the event loop's turn, with
 * every other answer of that turn, not the moment it is ready. Node reads all
 * the requests waiting on its sockets in one turn; answered one by one, each
 * write woke the other side (a proxy, the load generator) on the other core,
 * and the two took turns at every answer. Written together, the other side
 * wakes once for many: a product page on SQLite cost 71 µs of processor time
 * instead of 97 (npm run bench:ab, decisions/0017). An answer waits at most
 * for the rest of its turn's requests, each well under a millisecond. On
 * PostgreSQL the product page and the cart come from memory too (decisions/0021);
 * its catalog answers come together anyway, after their shared trips (db/batch.ts).
 */
export const writtenAtEndOfTurn = { onSend: waitForEndOfTurn };

function waitForEndOfTurn(
  _request: FastifyRequest,
  _reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
) {
  setImmediate(done, null, payload);
}
