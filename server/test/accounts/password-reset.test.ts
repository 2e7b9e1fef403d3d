import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { resetRows, sessionRows, sha256 } from '../helpers/db.js';
import { forgotPassword, mailText, resetLinkIn, resetTokenFor } from '../helpers/mail.js';
import { getUser, login, resetPassword } from '../helpers/requests.js';
import { loginAs, registerUser } from '../helpers/users.js';

const MINUTE = 60_000;
describe(`password reset (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a known and an unknown email identically', async () => {
    const user = await registerUser(t.app);
    const known = await forgotPassword(t, user.email);
    const unknown = await forgotPassword(t, 'never-registered@example.com');
    expect(known.res.statusCode).toBe(200);
    expect(unknown.res.statusCode).toBe(known.res.statusCode);
    expect(unknown.res.body).toBe(known.res.body);
    expect(known.res.json()).toEqual(messages.resetMailSent);
    expect(known.mails).toHaveLength(1);
    expect(unknown.mails).toHaveLength(0);
  });

  it('writes the mail to DATA_DIR/outbox as an .eml addressed to the user', async () => {
    const user = await registerUser(t.app);
    const { mails } = await forgotPassword(t, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(new RegExp(`^To: ${user.email}$`, 'm'));
    expect(mailText(mails[0]!)).toContain(user.name);
  });

  it('builds the link from PUBLIC_URL even when the request names another host', async () => {
    const user = await registerUser(t.app);
    const { mails } = await forgotPassword(t, user.email, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    const link = resetLinkIn(mails[0]!);
    expect(link).toMatch(/^http:\/\/shop\.test\/resetPassword\/[\w-]{43}$/);
    expect(mails[0]).not.toContain('evil.example');
  });

  it('sets the new password with the token: the new one logs in, the old one gets 401', async () => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(t, user.email);
    const res = await resetPassword(t.app, token, 'reset-pass-2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(messages.resetDone);
    expect((await login(t.app, { email: user.email, password: 'reset-pass-2' })).statusCode).toBe(200);
    const old = await login(t.app, user);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual(messages.wrongCredentials);
  });

  it('ends every session of the user at reset', async () => {
    const { user, sid: laptop } = await loginAs(t.app);
    const { sid: phone } = await loginAs(t.app, user, { register: false });
    await resetPassword(t.app, await resetTokenFor(t, user.email), 'reset-pass-2');
    expect((await getUser(t.app, laptop)).statusCode).toBe(401);
    expect((await getUser(t.app, phone)).statusCode).toBe(401);
    expect(await sessionRows(t.app, user.email)).toHaveLength(0);
  });

  it('accepts a token only once', async () => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(t, user.email);
    expect((await resetPassword(t.app, token, 'reset-pass-2')).statusCode).toBe(200);
    const second = await resetPassword(t.app, token, 'reset-pass-3');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(messages.resetTokenInvalid);
    expect((await login(t.app, { email: user.email, password: 'reset-pass-2' })).statusCode).toBe(200);
  });

  it('accepts a token only once when it is used twice at the same time', async () => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(t, user.email);
    const answers = await Promise.all([
      resetPassword(t.app, token, 'reset-pass-a'),
      resetPassword(t.app, token, 'reset-pass-b'),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(await resetRows(t.app, user.email)).toHaveLength(0);
  });

  it('refuses a token that never existed', async () => {
    const res = await resetPassword(t.app, 'made-up-token', 'reset-pass-2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.resetTokenInvalid);
  });

  it('replaces the earlier token when a new link is requested, as the mail says', async () => {
    const user = await registerUser(t.app);
    const first = await resetTokenFor(t, user.email);
    const { mails } = await forgotPassword(t, user.email);
    expect(mailText(mails[0]!)).toContain('It replaces any link we mailed you before.');
    const second = await resetTokenFor(t, user.email);
    const old = await resetPassword(t.app, first, 'reset-pass-2');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual(messages.resetTokenInvalid);
    expect((await resetPassword(t.app, second, 'reset-pass-3')).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(t, user.email);
    const rows = await resetRows(t.app, user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it.each([
    ['a password shorter than 6', { password: '12345' }, messages.passwordTooShort],
    ['an empty password', { password: '' }, messages.fieldsCantBeEmpty],
    ['no password', {}, messages.fieldsCantBeEmpty],
  ])('rejects %s with 400 and the spec message, keeping the token', async (_case, payload, message) => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(t, user.email);
    const res = await t.app.inject({ method: 'POST', url: `/api/user/resetPassword/${token}`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(message);
    expect((await resetPassword(t.app, token, 'reset-pass-2')).statusCode).toBe(200);
  });

  it('rejects a forgot request without an email with "Field cant be empty"', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/forgotPass', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.fieldCantBeEmpty);
  });

  it('keeps a token valid for 29 minutes', async () => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(t, user.email);
    t.clock.advance(29 * MINUTE);
    expect((await resetPassword(t.app, token, 'reset-pass-2')).statusCode).toBe(200);
  });

  it('refuses a token after 31 minutes', async () => {
    const user = await registerUser(t.app);
    const token = await resetTokenFor(t, user.email);
    t.clock.advance(31 * MINUTE);
    const res = await resetPassword(t.app, token, 'reset-pass-2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.resetTokenInvalid);
    expect((await login(t.app, user)).statusCode).toBe(200);
  });
});
