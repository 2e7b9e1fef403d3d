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
 * Sends JSON text made earlier (a product page kept in memory) as it is:
 * Fastify serializes nothing when the type is JSON and the payload a string.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
