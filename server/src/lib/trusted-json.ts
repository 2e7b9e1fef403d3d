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
