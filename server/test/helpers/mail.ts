import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from './app.js';

/** The readable text of a raw mail: quoted-printable soft breaks and =XX escapes undone. */
export function mailText(raw: string): string {
  const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
  const text = body.join('\n\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return raw;
  const escaped = text
    .replace(/=\r?\n/g, '')
    .replaceAll('%', '%25')
    .replace(/=([0-9A-F]{2})/gi, '%$1');
  return `${head}\n\n${decodeURIComponent(escaped)}`;
}

/** The reset link in a mail, if any. */
export function resetLinkIn(raw: string): string | undefined {
  return /\S+\/resetPassword\/[\w-]+/.exec(mailText(raw))?.[0];
}

export function tokenOf(link: string): string {
  return link.slice(link.lastIndexOf('/') + 1);
}

/** The .eml files in DATA_DIR/outbox, once every mail sent so far has been written. */
export async function outbox(t: TestApp): Promise<Map<string, string>> {
  await t.app.ctx.mailer.idle();
  const dir = path.join(t.app.ctx.config.dataDir, 'outbox');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const mails = new Map<string, string>();
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    mails.set(name, await fs.readFile(path.join(dir, name), 'utf8'));
  }
  return mails;
}

/**
 * Asks for a reset link through the API and answers the mails this request
 * wrote (a list, so a test can see that none or exactly one arrived).
 */
export async function forgotPassword(t: TestApp, email: string, headers: Record<string, string> = {}) {
  const before = await outbox(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/forgotPass',
    payload: { email },
    headers,
  });
  const after = await outbox(t);
  const mails = [...after].filter(([name]) => !before.has(name)).map(([, raw]) => raw);
  return { res, mails };
}

/** Requests a reset for a registered email and answers the token from its mail. */
export async function resetTokenFor(t: TestApp, email: string): Promise<string> {
  const { res, mails } = await forgotPassword(t, email);
  const link = mails.length === 1 ? resetLinkIn(mails[0]!) : undefined;
  if (res.statusCode !== 200 || !link)
    throw new Error(`no reset mail: ${res.statusCode} ${mails.length} mails`);
  return tokenOf(link);
}

/**
 * A whole raw mail, every quoted-printable part undone: a mail with plain and
 * HTML parts reads as both texts one after the other, headers in between.
 */
export function decodedMail(raw: string): string {
  const escaped = raw
    .replace(/=\r?\n/g, '')
    .replaceAll('%', '%25')
    .replace(/=([0-9A-F]{2})/g, '%$1');
  try {
    return decodeURIComponent(escaped);
  } catch {
    return raw;
  }
}
