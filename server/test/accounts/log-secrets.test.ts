import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { resetLinkIn, tokenOf } from '../helpers/mail.js';
import { login, resetPassword } from '../helpers/requests.js';
import { startSmtpReceiver } from '../helpers/smtp.js';
import { loginAs, registerUser } from '../helpers/users.js';

type LogLine = { msg: string; req?: { method: string; url: string }; res?: { statusCode: number } };

/**
 * Logs are read by more people, and kept longer, than the database: a session
 * cookie, a password or a reset token in them would let a reader act as the
 * shopper. The shop is set up as in production, with a mail server.
 */
describe(`the log keeps no secrets (${testDbKind})`, () => {
  const lines: string[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ SMTP_URL: smtp.url }, { logLines: lines });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const requestLines = () =>
    lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'request completed');

  it('logs a request with its path and status, without the session cookie, password or authorization', async () => {
    const { user, sid } = await loginAs(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/get-user',
      cookies: { sid },
      headers: { authorization: 'Bearer not-for-the-log-7f3a' },
    });
    expect(res.statusCode).toBe(200);

    expect(requestLines()).toContainEqual(
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', url: '/api/get-user' }),
        res: { statusCode: 200 },
      }),
    );
    const all = lines.join('\n');
    expect(all).not.toContain(sid);
    expect(all).not.toContain(user.password);
    expect(all).not.toContain('not-for-the-log-7f3a');
  });

  it('logs the reset page and the reset call with the token redacted, and the mail without its link', async () => {
    const user = await registerUser(t.app);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPass',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    await t.app.ctx.mailer.idle();
    const mail = smtp.received.find((m) => m.to.includes(user.email));
    const token = tokenOf(resetLinkIn(mail!.raw)!);

    // The link in the mail opens the reset page, which then posts the new password.
    await t.app.inject({ method: 'GET', url: `/resetPassword/${token}` });
    expect((await resetPassword(t.app, token, 'logged-reset-pass')).statusCode).toBe(200);
    expect((await login(t.app, { email: user.email, password: 'logged-reset-pass' })).statusCode).toBe(200);

    const urls = requestLines().map((line) => line.req?.url);
    expect(urls).toContain('/resetPassword/[redacted]');
    expect(urls).toContain('/api/user/resetPassword/[redacted]');
    expect(lines.some((line) => JSON.parse(line).msg === 'mail sent')).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    // Nor the address it went to: the outbox row the line points at has it.
    expect(all).not.toContain(user.email);
    expect(all).not.toContain('logged-reset-pass');
  });

  it('redacts the token of a reset call that fails, whatever its case or query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/RESETPASSWORD/unknown-token-9c1e?from=mail',
      payload: { password: 'whatever-pass' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(requestLines().map((line) => line.req?.url)).toContain(
      '/api/user/RESETPASSWORD/[redacted]?from=mail',
    );
    expect(lines.join('\n')).not.toContain('unknown-token-9c1e');
  });

  it('keeps the shopper out of the log of a failed login', async () => {
    const user = await registerUser(t.app);
    const res = await login(t.app, { email: user.email, password: 'wrong-secret-5d2b' });
    expect(res.statusCode).toBe(401);
    expect(lines.join('\n')).not.toContain('wrong-secret-5d2b');
  });
});
