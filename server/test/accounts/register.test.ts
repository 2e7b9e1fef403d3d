import { messages, serverMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, issuesOf, sessionCookie, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { userRow } from '../helpers/db.js';
import { getUser, login, register } from '../helpers/requests.js';
import { loginAs, newCustomer } from '../helpers/users.js';

describe(`register (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers a new customer with 201 and the spec message', async () => {
    const customer = newCustomer();
    const res = await register(t.app, customer);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: messages.registered });
    expect(await userRow(t.app, customer.email)).toMatchObject({ name: customer.name, is_admin: 0 });
  });

  it('does not log the new customer in', async () => {
    const res = await register(t.app, newCustomer());
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('answers 200 "User already registered" to a second registration of the email', async () => {
    const customer = newCustomer();
    await register(t.app, customer);
    const res = await register(t.app, { ...customer, name: 'Someone Else' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.alreadyRegistered });
    expect((await userRow(t.app, customer.email))?.name).toBe(customer.name);
  });

  it('treats the email case-insensitively when looking for an existing account', async () => {
    const customer = newCustomer({ email: `Mixed.Case-${Date.now()}@Example.com` });
    expect((await register(t.app, customer)).statusCode).toBe(201);
    const res = await register(t.app, { ...customer, email: customer.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.alreadyRegistered });
    expect(await userRow(t.app, customer.email.toLowerCase())).toBeDefined();
  });

  it('lets the customer log in with the email in any case', async () => {
    const customer = newCustomer({ email: `Upper-${Date.now()}@Example.com` });
    await register(t.app, customer);
    const res = await login(t.app, { email: customer.email.toLowerCase(), password: customer.password });
    expect(res.statusCode).toBe(200);
  });

  const base = {
    name: 'Asha',
    email: 'asha-rules@example.com',
    password: 'secret1',
    confiremPassword: 'secret1',
  };
  it.each([
    ['a missing name', { ...base, name: undefined }, 'name', messages.fieldsCantBeEmpty],
    ['a missing email', { ...base, email: undefined }, 'email', messages.fieldsCantBeEmpty],
    ['a missing password', { ...base, password: undefined }, 'password', messages.fieldsCantBeEmpty],
    [
      'a missing confiremPassword',
      { ...base, confiremPassword: undefined },
      'confiremPassword',
      messages.fieldsCantBeEmpty,
    ],
    ['an empty name', { ...base, name: '' }, 'name', messages.fieldsCantBeEmpty],
    ['a name of only spaces', { ...base, name: '   ' }, 'name', messages.fieldsCantBeEmpty],
    ['an empty email', { ...base, email: '' }, 'email', messages.fieldsCantBeEmpty],
    ['an empty password', { ...base, password: '' }, 'password', messages.fieldsCantBeEmpty],
    [
      'an empty confiremPassword',
      { ...base, confiremPassword: '' },
      'confiremPassword',
      messages.fieldsCantBeEmpty,
    ],
    [
      'a password shorter than 6',
      { ...base, password: '12345', confiremPassword: '12345' },
      'password',
      messages.passwordTooShort,
    ],
    [
      'a confirmation that does not match',
      { ...base, confiremPassword: 'secret2' },
      'confiremPassword',
      messages.passwordsDidntMatch,
    ],
    [
      'an email that is not an address',
      { ...base, email: 'asha.example.com' },
      'email',
      messages.invalidEmail,
    ],
  ])('rejects %s with 400 and the spec message', async (_case, payload, field, message) => {
    const res = await register(t.app, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(message);
    expect(issuesOf(res)).toContainEqual({ path: field, message });
    expect(await userRow(t.app, base.email)).toBeUndefined();
  });

  it('ignores isAdmin and role in the body: the account is a customer', async () => {
    const customer = newCustomer();
    const res = await register(t.app, { ...customer, isAdmin: true, is_admin: 1, role: 'admin' });
    expect(res.statusCode).toBe(201);
    const answer = await login(t.app, customer);
    expect(answer.json()).toMatchObject({ isAdmin: false });
    expect((await userRow(t.app, customer.email))?.is_admin).toBe(0);
    const me = await getUser(t.app, sessionCookie(answer));
    expect(me.json()).toMatchObject({ isAdmin: false });
  });

  it('stores an argon2id hash of the password, not the password', async () => {
    const customer = newCustomer();
    await register(t.app, customer);
    const row = await userRow(t.app, customer.email);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(customer.password);
  });

  it('never answers with the password hash', async () => {
    const customer = newCustomer();
    const registered = await register(t.app, customer);
    const again = await register(t.app, customer);
    const { sid } = await loginAs(t.app, customer, { register: false });
    const loggedIn = await login(t.app, customer);
    const me = await getUser(t.app, sid);
    const hash = (await userRow(t.app, customer.email))!.password_hash;
    for (const res of [registered, again, loggedIn, me]) {
      expect(res.body).not.toContain(hash);
      expect(res.body).not.toContain('$argon2');
      expect(res.body).not.toMatch(/"password/i);
    }
  });

  it('leaves exactly one user after 20 parallel registrations of one email, telling some to wait', async () => {
    const customer = newCustomer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => register(t.app, customer)));
    const count = (status: number) => answers.filter((res) => res.statusCode === status).length;
    // Those that find no account yet count against 5 sign-ups of one email an hour; past them they
    // wait instead of costing an argon2 hash each. Those that come after the first commit are
    // answered "already registered" uncounted, so how many wait depends on the timing.
    expect({ created: count(201), alreadyRegisteredOrWait: count(200) + count(429) }).toEqual({
      created: 1,
      alreadyRegisteredOrWait: 19,
    });
    expect(count(429)).toBeGreaterThan(0);
    for (const res of answers.filter((r) => r.statusCode === 429))
      expect(res.json()).toEqual(serverMessages.tooManyRequestsFor(60));
    const rows = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', customer.email)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
