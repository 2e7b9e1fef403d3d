import { randomBytes } from 'node:crypto';
import type { App } from '../../src/app.js';
import { sessionCookie } from './app.js';

let counter = 0;

/** Factory: a unique customer's registration fields. */
export function newCustomer(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  counter += 1;
  const password = overrides.password ?? 'secret-pass-1';
  return {
    name: overrides.name ?? `Customer ${counter}`,
    email: overrides.email ?? `customer${counter}-${randomBytes(3).toString('hex')}@example.com`,
    password,
    confiremPassword: password,
  };
}

export async function registerUser(app: App, user = newCustomer()) {
  const res = await app.inject({ method: 'POST', url: '/api/user/register', payload: user });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return user;
}

/** Registers (unless told not to) and logs in; answers the session cookie. */
export async function loginAs(app: App, user = newCustomer(), { register = true } = {}) {
  if (register) await registerUser(app, user);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: user.email, password: user.password },
  });
  const sid = sessionCookie(res);
  if (res.statusCode !== 200 || !sid) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { user, sid, cookies: { sid } };
}
