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
    /** The logged-in user, or null, read from the database for this request. */
    user: SessionUser | null;
  }
}

export async function registerSessions(app: FastifyInstance, store: SessionStore, config: Config) {
  await app.register(cookie);
  app.decorateRequest('user', null);

  app.addHook('onRequest', (request, _reply, done) => {
    const token = isApiPath(request.url) ? request.cookies[SESSION_COOKIE] : undefined;
    if (!token) return done();
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

/**
 * requireUser as a route's onRequest hook: a request without a session gets 401 before its body
 * is read, for the routes that take large bodies (plugins/body-limits.ts).
 */
export async function requireSession(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
