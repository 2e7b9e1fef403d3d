import type { FastifyReply } from 'fastify';

/**
 * Route option for the hottest reads (catalog page, product page, cart): their
 * answers are built field by field by typed mappers (`toProduct`, `loadCart`),
 * so they are serialized as they are instead of zod checking every field on
 * the way out, about a tenth of a catalog answer's cost (npm run bench). The
 * response schemas stay on the routes: they still document them (OpenAPI).
 */
export const trustedJson = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};

/**
 * Sends JSON made earlier (a product page kept in memory, a catalog page from
 * the search index's shelf) as it is: Fastify serializes nothing when the type
 * is JSON and the payload a string or bytes.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Sends JSON ready now in this very call, or JSON still being read once it is
 * (decisions/0022); a route handler returns what this returns. For the latter
 * the promise settles only once the answer is written (a reply is a thenable
 * that does).
 */
export function sendJsonTextWhenReady(
  reply: FastifyReply,
  json: string | Promise<string>,
): Promise<void> | undefined {
  if (typeof json === 'string') {
    sendJsonText(reply, json);
    return undefined;
  }
  return (async () => {
    await sendJsonText(reply, await json);
  })();
}
