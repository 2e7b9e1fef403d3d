import { messages } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDbKind } from './helpers/databases.js';
import { addToCart, customer } from './helpers/checkout.js';
import { forgotPassword } from './helpers/mail.js';
import { createProduct } from './helpers/products.js';
import { razorpayEnv, RAZORPAY_KEYS } from './helpers/razorpay-flow.js';
import { startRazorpayStandin } from './helpers/razorpay-standin.js';
import { startSmtpReceiver } from './helpers/smtp.js';
import { registerUser } from './helpers/users.js';

type LogLine = { level: number; msg: string; reqId?: string; err?: { message: string; stack: string } };

const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as LogLine);
const INFO = 30;
const WARN = 40;
const ERROR = 50;
const warningsAbout = (lines: string[], text: string) =>
  parsed(lines).filter((line) => line.level === WARN && line.msg.includes(text));
const testGatewayWarnings = (lines: string[]) => warningsAbout(lines, 'TEST payment gateway');
const noMailWarnings = (lines: string[]) => warningsAbout(lines, 'No SMTP_URL set');

/** What an operator reads in the log: failures with their cause, and a shop that takes no money. */
describe(`the operator's log (${testDbKind})`, () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { logLines: lines });
  });
  afterAll(() => t.close());

  it('logs a 500 at error level with its cause and the request id the client was given', async () => {
    const user = await registerUser(t.app);
    // A real database failure: the reset table is away for the length of one request.
    await sql`alter table password_resets rename to password_resets_away`.execute(t.app.ctx.db);
    let res;
    try {
      ({ res } = await forgotPassword(t, user.email));
    } finally {
      await sql`alter table password_resets_away rename to password_resets`.execute(t.app.ctx.db);
    }
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(messages.internalError);

    const failures = parsed(lines).filter((line) => line.level === ERROR);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ msg: 'request failed', reqId: res.headers['x-request-id'] });
    expect(failures[0]!.err!.message).toMatch(/password_resets/);
    expect(failures[0]!.err!.stack).toMatch(/\n\s+at /);
  });

  it('warns once at start that the built-in test gateway takes no money when no Razorpay keys are set', () => {
    expect(testGatewayWarnings(lines)).toHaveLength(1);
  });

  it('warns once at start that no mail leaves the machine when no SMTP_URL is set', () => {
    expect(noMailWarnings(lines)).toHaveLength(1);
  });

  it('logs the hot reads, read and then answered from memory, with one line each and nothing more', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    const from = lines.length;
    const hotReads = ['/api/getCart', `/api/get-product/${product.id}`, '/api/get-products?page=1&limit=24'];
    // The first of each reads the database, the second is answered from memory (decisions/0022).
    for (const url of [...hotReads, ...hotReads]) {
      const res = await t.app.inject({ method: 'GET', url, cookies: { sid: me.sid } });
      expect(res.statusCode, url).toBe(200);
    }
    const logged = parsed(lines.slice(from));
    expect(logged.filter((line) => line.level >= WARN).map((line) => line.msg)).toEqual([]);
    expect(logged.filter((line) => line.msg === 'request completed' && line.level === INFO)).toHaveLength(6);
  });
});

describe(`the operator's log with Razorpay keys and a mail server (${testDbKind})`, () => {
  it('warns about neither the test gateway nor the mail', async () => {
    const lines: string[] = [];
    let standin: Awaited<ReturnType<typeof startRazorpayStandin>> | undefined;
    let smtp: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
    let t: TestApp | undefined;
    try {
      standin = await startRazorpayStandin(RAZORPAY_KEYS);
      smtp = await startSmtpReceiver();
      t = await createTestApp({ ...razorpayEnv(standin.url), SMTP_URL: smtp.url }, { logLines: lines });
      // A line the log does hold: it is wired, and the warning would show.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(parsed(lines).map((line) => line.msg)).toContain('request completed');
      expect(testGatewayWarnings(lines)).toEqual([]);
      expect(noMailWarnings(lines)).toEqual([]);
    } finally {
      await t?.close();
      await standin?.close();
      await smtp?.close();
    }
  });
});
