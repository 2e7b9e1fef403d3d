import type { InjectOptions } from 'fastify';
import type { App } from '../../src/app.js';

/** Where a request comes from and what it carries besides the payload. */
export type From = { sid?: string | undefined; remoteAddress?: string; headers?: Record<string, string> };

function inject(
  app: App,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload: object | undefined,
  from: From,
) {
  const options: InjectOptions = { method, url, headers: from.headers ?? {} };
  if (payload !== undefined) options.payload = payload;
  if (from.sid !== undefined) options.cookies = { sid: from.sid };
  if (from.remoteAddress) options.remoteAddress = from.remoteAddress;
  return app.inject(options);
}

export function register(app: App, payload: object, from: From = {}) {
  return inject(app, 'POST', '/api/user/register', payload, from);
}

export function login(app: App, credentials: { email: string; password: string }, from: From = {}) {
  return inject(
    app,
    'POST',
    '/api/user/login',
    { email: credentials.email, password: credentials.password },
    from,
  );
}

export function logout(app: App, sid: string) {
  return inject(app, 'POST', '/api/user/logout', undefined, { sid });
}

/** GET /api/get-user: 200 with the user while the session lives, 401 after. */
export function getUser(app: App, sid?: string) {
  return inject(app, 'GET', '/api/get-user', undefined, { sid });
}

export function updateProfile(app: App, sid: string | undefined, payload: object) {
  return inject(app, 'PATCH', '/api/user/update', payload, { sid });
}

export function resetPassword(app: App, token: string, password: string, from: From = {}) {
  return inject(app, 'POST', `/api/user/resetPassword/${token}`, { password }, from);
}
