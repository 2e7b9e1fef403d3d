import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { forgotPassword, resetLinkIn, tokenOf } from '../helpers/mail.js';
import { login, resetPassword } from '../helpers/requests.js';
import { closedSmtpUrl, startSmtpReceiver } from '../helpers/smtp.js';
import { registerUser } from '../helpers/users.js';

describe(`reset mail over SMTP (${testDbKind})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'The Shop <shop@shop.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the reset link to the SMTP server, not to the outbox', async () => {
    const user = await registerUser(t.app);
    const { res, mails } = await forgotPassword(t, user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(messages.resetMailSent);
    expect(mails).toHaveLength(0);

    const delivered = smtp.received.filter((m) => m.to.includes(user.email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.from).toBe('shop@shop.test');
    expect(delivered[0]!.raw).toMatch(/^Subject: Reset your password\r?$/m);
    const link = resetLinkIn(delivered[0]!.raw);
    expect(link).toMatch(/^http:\/\/shop\.test\/resetPassword\/[\w-]+$/);

    expect((await resetPassword(t.app, tokenOf(link!), 'via-smtp-pass')).statusCode).toBe(200);
    expect((await login(t.app, { email: user.email, password: 'via-smtp-pass' })).statusCode).toBe(200);
  });

  it('sends nothing for an unknown email', async () => {
    const before = smtp.received.length;
    const { res } = await forgotPassword(t, 'not-a-customer@example.com');
    expect(res.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(before);
  });
});

describe(`reset mail with the SMTP server down (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: await closedSmtpUrl() });
  });
  afterAll(() => t.close());

  it('still answers forgotPass with 200 and the usual message', async () => {
    const user = await registerUser(t.app);
    const { res, mails } = await forgotPassword(t, user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(messages.resetMailSent);
    // forgotPassword waited for the mailer: the failed delivery settled without throwing.
    expect(mails).toHaveLength(0);
  });

  it('keeps serving requests after a failed delivery', async () => {
    const user = await registerUser(t.app);
    await forgotPassword(t, user.email);
    await expect(t.app.ctx.mailer.idle()).resolves.toBeUndefined();
    expect((await login(t.app, user)).statusCode).toBe(200);
  });
});
