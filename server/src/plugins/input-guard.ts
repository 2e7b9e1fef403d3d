import type { FastifyInstance } from 'fastify';
import { messages } from '@shop/shared';
import { sendError } from '../lib/http-errors.js';

/**
 * PostgreSQL text cannot hold a NUL character (the query fails) and SQLite
 * treats it inconsistently, so no stored or searched text may carry one.
 * Refused once here for every body and query string, with the field named.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback style: every request runs it (decisions/0018).
  app.addHook('preValidation', (request, reply, done) => {
    const field = findNul(request.body, '') ?? findNul(request.query, '');
    if (field === undefined) return done();
    sendError(reply, 400, messages.nulCharacter(field || 'body'));
  });
}

function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
