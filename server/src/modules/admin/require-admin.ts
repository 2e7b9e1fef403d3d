import { messages } from '@shop/shared';
import type { FastifyRequest } from 'fastify';
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
