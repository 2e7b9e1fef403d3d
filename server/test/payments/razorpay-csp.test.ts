import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { startRazorpayShop, type RazorpayShop } from '../helpers/razorpay-flow.js';

/** The Content-Security-Policy header as directive name -> sources. */
async function cspOf(t: TestApp): Promise<Map<string, string[]>> {
  const res = await t.app.inject({ method: 'GET', url: '/healthz' });
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe(`the Content-Security-Policy with Razorpay configured (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop();
  });
  afterAll(() => shop.close());

  it("allows Razorpay's checkout script and its card frame, and nothing else from outside", async () => {
    const csp = await cspOf(shop.t);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
    expect(csp.get('frame-src')).toContain('https://api.razorpay.com');
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });
});

describe(`the Content-Security-Policy with the test gateway (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not mention razorpay when no keys are set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const header = String(res.headers['content-security-policy']);
    expect(header).toContain("script-src 'self'");
    expect(header).not.toMatch(/razorpay/i);
    expect((await cspOf(t)).get('frame-src')).toEqual(["'none'"]);
  });
});
