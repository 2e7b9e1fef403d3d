import fs from 'node:fs/promises';
import path from 'node:path';
import type { ShopInfo } from './context.js';

/** The readable text of a raw mail: quoted-printable soft breaks and =XX escapes undone. */
function mailText(raw: string): string {
  const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return raw;
  const escaped = body
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replaceAll('%', '%25')
    .replace(/=([0-9A-F]{2})/gi, '%$1');
  return `${head}\n\n${decodeURIComponent(escaped)}`;
}

async function mailsTo(shop: ShopInfo, email: string): Promise<string[]> {
  const outbox = path.join(shop.dataDir, 'outbox');
  const names = (await fs.readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  const mails = await Promise.all(names.sort().map((n) => fs.readFile(path.join(outbox, n), 'utf8')));
  return mails.filter((raw) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw));
}

/**
 * Waits for the next reset mail to `email` (the server writes DATA_DIR/outbox
 * when no SMTP_URL is set) and answers the token of its link. `seen` is how
 * many mails to that address came before.
 */
export async function nextResetToken(shop: ShopInfo, email: string, seen: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = await mailsTo(shop, email);
    if (mails.length > seen) {
      const token = /\/resetPassword\/([\w-]+)/.exec(mailText(mails.at(-1)!))?.[1];
      if (!token) throw new Error(`no reset link in the mail to ${email}`);
      return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset mail to ${email} in ${shop.dataDir}/outbox`);
}

export async function mailCount(shop: ShopInfo, email: string): Promise<number> {
  return (await mailsTo(shop, email)).length;
}
