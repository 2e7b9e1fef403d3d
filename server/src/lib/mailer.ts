import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The mail's action link; logged only in outbox mode, where no mail leaves the machine. */
  link?: string;
};

export type Mailer = {
  /** Sends in the background; a failure is logged and never reaches the caller. */
  send(mail: Mail): void;
  /** Resolves when every mail handed to send() has been delivered or has failed. */
  idle(): Promise<void>;
};

export type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
};

/**
 * SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in
 * DATA_DIR/outbox so password reset works on the embedded default.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function deliver(mail: Mail): Promise<void> {
    const info = await transport.sendMail({
      from: options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    if (options.smtpUrl) {
      options.log.info({ mailTo: mail.to, subject: mail.subject }, 'mail sent');
      return;
    }
    await fs.mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    options.log.info(
      { file, subject: mail.subject, link: mail.link },
      'mail written to outbox (no SMTP_URL set)',
    );
  }

  return {
    send(mail) {
      const job = deliver(mail).catch((error: unknown) => {
        options.log.error({ err: error, subject: mail.subject }, 'mail could not be sent');
      });
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
