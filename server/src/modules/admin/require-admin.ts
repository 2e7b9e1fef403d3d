import { messages } from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.js';
import type { SessionUser } from '../sessions/store.js';

/**
 * Every admin route starts here: 401 without a session, 403 for a customer.
 * The admin flag comes from the users table with the session on every
 * request, so a demotion or deletion takes effect at once.
 */
export function requireAdmin(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, messages.loginRequired);
  if (!request.user.isAdmin) throw new HttpError(403, messages.adminOnly);
  return request.user;
}

/**
 * Runs the same check as an onRequest hook for every route of the calling
 * plugin, before the body is parsed or validated: a stranger gets 401/403, not
 * the schema's messages, and an upload is refused before its bytes are read.
 */
export function guardAdminRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    requireAdmin(request);
  });
}
