import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@shop/shared';
import type { Config } from '../../config.js';
import { isApiPath } from '../../lib/api-path.js';
import { shopCookie } from '../../lib/http.js';
import { HttpError } from '../../lib/http-errors.js';
import type { SessionStore, SessionUser } from './store.js';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null. From the database; for a read, perhaps seconds old (store.ts). */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /**
     * A read shoppers make on every page (catalog, cart, who am I): it may take
     * the session as this instance checked it seconds ago (store.ts). Admin
     * routes and every write leave it unset and read the database.
     */
    sessionFromCache?: boolean;
  }
}

/** Route options for the hot reads that may use the session cache. */
export const sessionFromCache = { config: { sessionFromCache: true } } as const;

export async function registerSessions(app: FastifyInstance, store: SessionStore, config: Config) {
  await app.register(cookie);
  app.decorateRequest('user', null);

  // Callback style, not async: a session found in the read cache is set at once,
  // without a promise and a microtask per request (decisions/0018).
  app.addHook('onRequest', (request, _reply, done) => {
    const token = isApiPath(request.url) ? request.cookies[SESSION_COOKIE] : undefined;
    if (!token) return done();
    const forRead =
      request.routeOptions.config.sessionFromCache === true &&
      (request.method === 'GET' || request.method === 'HEAD');
    const cached = forRead ? store.cachedUser(token) : undefined;
    if (cached) {
      request.user = cached;
      return done();
    }
    store.findUser(token).then((user) => {
      request.user = user;
      done();
    }, done);
  });

  const cookieOptions = shopCookie(config.secureCookies);

  return {
    /** Starts a fresh session: any session id the browser had before is ended, never reused. */
    async start(request: FastifyRequest, reply: FastifyReply, userId: string) {
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await store.end(previous);
      const { token, expiresAt } = await store.create(userId);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
    },
    async end(request: FastifyRequest, reply: FastifyReply) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await store.end(token);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
  };
}

export type Sessions = Awaited<ReturnType<typeof registerSessions>>;

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, messages.loginRequired);
  return request.user;
}
