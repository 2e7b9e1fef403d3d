import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';
import { newId } from './tokens.js';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the plain one. */
  html?: string;
  /** A file to attach, named by reference ('tax-document:<id>') and made when the mail is sent. */
  attachment?: string;
  /** The mail's action link; logged only in outbox mode, where no mail leaves the machine. */
  link?: string;
};

export type Mailer = {
  /**
   * Stores the mail in the outbox (inside the caller's transaction when one is
   * given, so it exists exactly when the change that caused it does) and, with
   * no transaction, starts sending it. A failed send is retried with backoff.
   */
  send(mail: Mail, trx?: Kysely<Database>): Promise<void>;
  /** Sends whatever is due now (after a transaction that stored mails commits). */
  kick(): void;
  /** Resolves when no send is under way (tests read the outbox after this). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

export type MailerOptions = {
  db: Db;
  clock: Clock;
  smtpUrl: string | undefined;
  from: string;
  /** Where mails become .eml files when no SMTP_URL is set. */
  outboxDir: string;
  log: FastifyBaseLogger;
  /** How often due mails are looked for (retries, and mails left by a restart). */
  pollMs?: number;
  /** Makes the file a mail's `attachment` names; the outbox keeps only the name, not the bytes. */
  attachments?: (reference: string) => Promise<MailAttachment>;
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

const MAX_BACKOFF_MS = 60 * 60_000;
const BATCH = 20;
/** A send that takes longer than this is assumed lost and may be tried again. */
const LEASE_MS = 2 * 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in
 * DATA_DIR/outbox so password reset works on the embedded default. Either way
 * the mail_outbox table is the source of truth.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { db, clock, log } = options;
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function deliver(row: {
    id: string;
    to_address: string;
    subject: string;
    body: string;
    html: string | null;
    link: string | null;
    attachment: string | null;
  }) {
    const attachment =
      row.attachment && options.attachments ? await options.attachments(row.attachment) : null;
    const info = await transport.sendMail({
      from: options.from,
      to: row.to_address,
      subject: row.subject,
      text: row.body,
      ...(row.html ? { html: row.html } : {}),
      ...(attachment ? { attachments: [attachment] } : {}),
    });
    if (options.smtpUrl) {
      // The outbox row names the address; the log, read by more people, only points at it.
      log.info({ mailId: row.id, subject: row.subject }, 'mail sent');
      return;
    }
    await fs.mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    log.info({ file, subject: row.subject, link: row.link }, 'mail written to outbox (no SMTP_URL set)');
  }

  /** Claims each due mail (so two instances never send one twice at once), sends, records. */
  async function sendDue(): Promise<void> {
    const now = clock.now();
    const due = await db
      .selectFrom('mail_outbox')
      .select([
        'id',
        'to_address',
        'subject',
        'body',
        'html',
        'link',
        'attachment',
        'attempts',
        'next_attempt_at',
      ])
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .execute();
    for (const mail of due) {
      const claimed = await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(now.getTime() + LEASE_MS).toISOString() })
        .where('id', '=', mail.id)
        .where('next_attempt_at', '=', mail.next_attempt_at)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      try {
        await deliver(mail);
        // Once sent, the stored copy keeps who, what and when, not the text: a reset link in it
        // would open the account to anyone holding a backup of the database.
        await db
          .updateTable('mail_outbox')
          .set({ sent_at: clock.now().toISOString(), last_error: null, body: '', html: null, link: null })
          .where('id', '=', mail.id)
          .execute();
      } catch (error) {
        const attempts = mail.attempts + 1;
        const retryAt = new Date(clock.now().getTime() + retryDelayMs(attempts)).toISOString();
        log.error(
          { err: error, subject: mail.subject, attempts, retryAt },
          'mail could not be sent; it stays in the outbox',
        );
        await db
          .updateTable('mail_outbox')
          .set({
            attempts,
            next_attempt_at: retryAt,
            last_error: String((error as Error).message ?? error).slice(0, 500),
          })
          .where('id', '=', mail.id)
          .execute();
      }
    }
  }

  function kick() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await sendDue().catch((error: unknown) => log.error({ err: error }, 'mail outbox run failed'));
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
  }

  const timer = setInterval(kick, options.pollMs ?? 10_000);
  timer.unref();

  return {
    async send(mail, trx) {
      await (trx ?? db)
        .insertInto('mail_outbox')
        .values({
          id: newId(),
          to_address: mail.to,
          subject: mail.subject,
          body: mail.text,
          html: mail.html ?? null,
          link: mail.link ?? null,
          attachment: mail.attachment ?? null,
          next_attempt_at: clock.now().toISOString(),
          created_at: clock.now().toISOString(),
        })
        .execute();
      if (!trx) kick();
    },
    kick,
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      while (running) await running;
      transport.close();
    },
  };
}
