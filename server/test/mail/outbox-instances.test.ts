import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { createTestApp, secondInstance, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { startSmtpReceiver } from '../helpers/smtp.js';

const MAILS = 8;

describe(`mail outbox shared by two instances (${testDbKind})`, () => {
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: TestApp;
  let other: App;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    t = await createTestApp({ SMTP_URL: receiver.url });
    // A second instance on the same database, sending through the same SMTP server.
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await receiver?.close();
  });

  it('sends each due mail exactly once when both instances send the outbox at the same moment', async () => {
    const addresses = Array.from({ length: MAILS }, (_, i) => `shopper${i}@example.com`);
    // Stored inside a transaction, as order confirmations are: nothing is sent until a kick.
    await t.app.ctx.db.transaction().execute(async (trx) => {
      for (const [i, to] of addresses.entries()) {
        await t.app.ctx.mailer.send(
          { to, subject: `Your order ${i}`, text: `Order ${i} is confirmed.` },
          trx,
        );
      }
    });

    // Both instances find the same due mails and race for them.
    const mailers = [t.app.ctx.mailer, other.ctx.mailer];
    for (const mailer of mailers) mailer.kick();
    await Promise.all(mailers.map((mailer) => mailer.idle()));

    expect(receiver.received.map((mail) => mail.to).sort()).toEqual(addresses.map((to) => [to]));
    const rows = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'attempts', 'sent_at', 'last_error'])
      .orderBy('to_address')
      .execute();
    expect(rows).toEqual(
      addresses.map((to_address) => ({
        to_address,
        attempts: 0,
        sent_at: expect.any(String),
        last_error: null,
      })),
    );
  });
});
