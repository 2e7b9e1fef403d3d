import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ownerCredentials } from './context.js';
import type { Api, Reply } from './http.js';

export type Customer = { name: string; email: string; password: string };
export type Session = Customer & { sid: string; id: string };

/** Factory: a unique customer. */
export function newCustomer(overrides: Partial<Customer> = {}): Customer {
  const id = randomBytes(4).toString('hex');
  return {
    name: `Attack Customer ${id}`,
    email: `customer-${id}@attack.test`,
    password: `pass-${randomBytes(6).toString('hex')}`,
    ...overrides,
  };
}

export function register(api: Api, customer: Customer, extra: object = {}) {
  return api.post('/api/user/register', {
    json: { ...customer, confiremPassword: customer.password, ...extra },
  });
}

export function login(api: Api, email: string, password: string, sid?: string) {
  return api.post('/api/user/login', { json: { email, password }, ...(sid ? { sid } : {}) });
}

/** The session id a login (or a password change) set. */
export function sidOf(reply: Reply): string {
  const cookie = reply.cookies.find((c) => c.name === 'sid');
  if (!cookie?.value) throw new Error(`no session cookie: ${reply.status} ${reply.text}`);
  return cookie.value;
}

/** GET /api/get-user: the session's user, or the refusal. */
export function me(api: Api, sid: string | undefined) {
  return api.get('/api/get-user', sid === undefined ? {} : { sid });
}

/** Logs in an existing account; answers the session with the account's id. */
export async function logIn(api: Api, customer: Customer): Promise<Session> {
  const res = await login(api, customer.email, customer.password);
  expect(res.status, res.text).toBe(200);
  const sid = sidOf(res);
  const user = await me(api, sid);
  return { ...customer, sid, id: user.body._id as string };
}

/** Registers a fresh customer and logs them in. */
export async function signUp(api: Api, overrides: Partial<Customer> = {}): Promise<Session> {
  const customer = newCustomer(overrides);
  const res = await register(api, customer);
  expect(res.status, res.text).toBe(201);
  return logIn(api, customer);
}

/** The admin made with create-admin, logged in. */
export function logInOwner(api: Api): Promise<Session> {
  return logIn(api, { name: 'Attack Owner', ...ownerCredentials() });
}
