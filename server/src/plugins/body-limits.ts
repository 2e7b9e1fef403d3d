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
 * The spec's client sends a whole product to saveCart (as the product page has it, with up to 50
 * reviews) and its whole cart to cartDetail, though the server reads only the ids and the shipping
 * form. At the longest texts the shop takes, in a script of three UTF-8 bytes a character, such a
 * product is under 256 KB and a cart of MAX_CART_LINES products under 2 MB
 * (test/checkout/spec-client-bodies.test.ts builds both). Both refuse a request without a session
 * before its body is read (requireSession), so only a customer can make the shop parse that much.
 */
const SPEC_CLIENT_BODY_LIMITS: Record<string, number> = {
  '/api/saveCart': 256 * 1024,
  '/api/payment/cartDetail': 2 * 1024 * 1024,
};

/**
 * Sets each route's body limit as it is declared. A route that names its own
 * limit keeps it; the image upload reads its multipart body with its own
 * limits (modules/admin/uploads.ts), never through these.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    route.bodyLimit =
      SPEC_CLIENT_BODY_LIMITS[route.url] ??
      (ACCOUNT_ROUTES.test(route.url) ? ACCOUNT_BODY_LIMIT : DEFAULT_BODY_LIMIT);
  });
}
