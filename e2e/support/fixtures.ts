import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './env';

export type Customer = { name: string; email: string; password: string };

export function newCustomer(): Customer {
  const id = randomBytes(4).toString('hex');
  return { name: `Asha ${id}`, email: `asha-${id}@example.com`, password: `pass-${id}` };
}

/** Fails on serious or critical accessibility violations of the page as it is now. */
export async function expectAccessible(page: Page) {
  // Axe reads colours as they are at this instant: let transitions end first (a navigation link
  // fading from its active colours), as a reader sees the page. Endless ones (spinners) are skipped.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

/** The newest .eml in the server's outbox sent to this address, waiting for it to arrive. */
export async function readMailTo(email: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await fs.readdir(outbox).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const text = await fs.readFile(path.join(outbox, file), 'utf8');
      if (text.includes(`To: ${email}`)) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${email} in ${outbox}`);
}

/** A page fixture that fails the test on any uncaught page error or CSP violation. */
export const test = base.extend<{ customer: Customer }>({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
    });
    // A blocked eval that the page catches logs nothing; the violation event still fires.
    await page.exposeFunction('reportCspViolation', (text: string) => problems.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (text: string) => void })
          .reportCspViolation;
        report(
          `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });
    await use(page);
    expect(problems, 'page errors or CSP violations').toEqual([]);
  },
  customer: async ({ request }, use) => {
    const customer = newCustomer();
    const res = await request.post('/api/user/register', {
      data: { ...customer, confiremPassword: customer.password },
    });
    expect(res.status()).toBe(201);
    await use(customer);
  },
});

export { expect };
