import type { FastifyInstance } from 'fastify';

/**
 * The most a JSON body may weigh on any route but those below: the largest
 * real body, a product with a 5,000-character description, is under 40 KB
 * even with every character escaped.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Account forms (login, sign-up, reset, profile) carry a name, an email and
 * passwords of at most a few hundred characters. These routes answer before
 * any session exists, so an oversized body is refused here, unread, with 413
 * (plugins/errors.ts words it), before the rate limits or the parser run.
 */
const ACCOUNT_BODY_LIMIT = 8 * 1024;
const ACCOUNT_ROUTES = /^\/api\/user\/(login|register|logout|forgotPass|resetPassword\/|update)/;

/**
 * Sets each route's body limit as it is declared. A route that names its own
 * limit keeps it; the image upload reads its multipart body with its own
 * limits (modules/admin/uploads.ts), never through these.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    route.bodyLimit = ACCOUNT_ROUTES.test(route.url) ? ACCOUNT_BODY_LIMIT : DEFAULT_BODY_LIMIT;
  });
}
