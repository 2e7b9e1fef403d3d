import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@shop/shared';
import { retryDelayMs } from '../../src/lib/mailer.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { resetLinkIn, tokenOf } from '../helpers/mail.js';
import { closedSmtpUrl, startSmtpReceiver } from '../helpers/smtp.js';
import { registerUser } from '../helpers/users.js';

const outboxRows = (t: TestApp) =>
  t.app.ctx.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'attempts', 'sent_at', 'last_error'])
    .execute();

async function forgot(t: TestApp, email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/forgotPass', payload: { email } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual(messages.resetMailSent);
  await t.app.ctx.mailer.idle();
}

describe(`mail outbox (${testDbKind})`, () => {
  let t: TestApp | undefined;
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
  afterEach(async () => {
    await t?.close();
    await receiver?.close();
    t = undefined;
    receiver = undefined;
  });

  it('keeps a mail the SMTP server refused and sends it once the server is back', async () => {
    const smtpUrl = await closedSmtpUrl();
    t = await createTestApp({ SMTP_URL: smtpUrl });
    const user = await registerUser(t.app);
    await forgot(t, user.email);
    expect(await outboxRows(t)).toEqual([
      { to_address: user.email, attempts: 1, sent_at: null, last_error: expect.any(String) },
    ]);

    // The server comes back on the same port; the retry is due after the backoff.
    receiver = await startSmtpReceiver({ port: Number(new URL(smtpUrl).port) });
    t.clock.advance(retryDelayMs(1) + 1000);
    t.app.ctx.mailer.kick();
    await t.app.ctx.mailer.idle();
    expect(receiver.received).toHaveLength(1);
    expect(resetLinkIn(receiver.received[0]!.raw)).toMatch(/^http:\/\/shop\.test\/resetPassword\//);
    expect((await outboxRows(t))[0]).toMatchObject({
      attempts: 1,
      sent_at: expect.any(String),
      last_error: null,
    });
  });

  it('does not retry before the backoff has passed', async () => {
    const smtpUrl = await closedSmtpUrl();
    t = await createTestApp({ SMTP_URL: smtpUrl });
    const user = await registerUser(t.app);
    await forgot(t, user.email);
    t.app.ctx.mailer.kick();
    await t.app.ctx.mailer.idle();
    expect((await outboxRows(t))[0]).toMatchObject({ attempts: 1, sent_at: null });
  });

  it('loses no mail across a restart: the new process sends what the old one could not', async () => {
    const smtpUrl = await closedSmtpUrl();
    t = await createTestApp({ SMTP_URL: smtpUrl });
    const user = await registerUser(t.app);
    await forgot(t, user.email);

    receiver = await startSmtpReceiver({ port: Number(new URL(smtpUrl).port) });
    t.clock.advance(retryDelayMs(1) + 1000);
    await t.restart({ SMTP_URL: smtpUrl });
    await t.app.ctx.mailer.idle();
    expect(receiver.received.map((m) => m.to)).toEqual([[user.email]]);
    expect((await outboxRows(t))[0]!.sent_at).not.toBeNull();
  });

  it('waits longer after each failure, up to an hour', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(3)).toBe(20_000);
    expect(retryDelayMs(30)).toBe(60 * 60_000);
  });

  it('records each sent mail in the outbox table, SMTP or not', async () => {
    t = await createTestApp();
    const user = await registerUser(t.app);
    await forgot(t, user.email);
    expect(await outboxRows(t)).toEqual([
      { to_address: user.email, attempts: 0, sent_at: expect.any(String), last_error: null },
    ]);
  });

  it('keeps a reset link in the outbox only until its mail is sent: a backup then holds none', async () => {
    const smtpUrl = await closedSmtpUrl();
    t = await createTestApp({ SMTP_URL: smtpUrl });
    const user = await registerUser(t.app);
    await forgot(t, user.email);
    const texts = () => t!.app.ctx.db.selectFrom('mail_outbox').select(['body', 'html', 'link']).execute();
    // Not sent yet: the text waits, link and all.
    const [waiting] = await texts();
    expect(waiting!.body).toMatch(/\/resetPassword\/[\w-]+/);

    receiver = await startSmtpReceiver({ port: Number(new URL(smtpUrl).port) });
    t.clock.advance(retryDelayMs(1) + 1000);
    t.app.ctx.mailer.kick();
    await t.app.ctx.mailer.idle();
    const token = tokenOf(resetLinkIn(receiver.received[0]!.raw)!);
    const stored = JSON.stringify(await texts());
    expect(stored).not.toContain(token);
    expect(await outboxRows(t)).toEqual([
      { to_address: user.email, attempts: 1, sent_at: expect.any(String), last_error: null },
    ]);
  });
});
