import { messages } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, issuesOf, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { forgotPassword } from '../helpers/mail.js';
import { registerUser } from '../helpers/users.js';

describe(`error answers (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400 and only a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "asha@example.com", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.invalidJson);
    expect(res.body).not.toMatch(/stack|at .*\.js/);
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(messages.unsupportedMediaType);
  });

  it('answers a text/plain body, which a cross-site form can send, with 415 too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'secret-1' }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(messages.unsupportedMediaType);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'asha@example.com', password: 'x'.repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(messages.bodyTooLarge);
  });

  it('answers a missing body with 400 and a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login' });
    expect(res.statusCode).toBe(400);
    const message = res.json() as unknown;
    expect(typeof message).toBe('string');
    expect(message).toContain(messages.invalidRequest);
    expect(issuesOf(res).length).toBeGreaterThan(0);
  });

  it('answers an overlong URL parameter (a mangled reset link) as a link that is not valid', async () => {
    for (const length of [150, 1000]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/resetPassword/${'a'.repeat(length)}`,
        payload: { password: 'reset-pass-2' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(messages.resetTokenInvalid);
    }
  });

  it('answers a URL parameter with broken percent-encoding with 400 and only a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/resetPassword/abc%E0%A4%A',
      payload: { password: 'reset-pass-2' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.invalidRequest);
    // Answered before helmet's hook runs, yet with the security headers.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('hides the internals of a server failure behind 500 and a generic message', async () => {
    const user = await registerUser(t.app);
    // A real database failure: the reset table is away for the length of one request.
    await sql`alter table password_resets rename to password_resets_away`.execute(t.app.ctx.db);
    try {
      const { res } = await forgotPassword(t, user.email);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(messages.internalError);
      expect(res.body).not.toMatch(/password_resets|relation|table|stack/i);
    } finally {
      await sql`alter table password_resets_away rename to password_resets`.execute(t.app.ctx.db);
    }
    expect((await forgotPassword(t, user.email)).res.statusCode).toBe(200);
  });

  it('refuses a NUL character in any text field with 400 naming the field, and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        name: 'Nul\u0000Name',
        email: 'nul@example.com',
        password: 'secret-1',
        confiremPassword: 'secret-1',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.nulCharacter('name'));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'nul@example.com', password: 'secret-1' },
    });
    expect(login.statusCode).toBe(404);
  });
});
