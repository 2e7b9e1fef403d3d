import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, issuesOf, sessionCookie, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { userRow } from '../helpers/db.js';
import { getUser, login, register } from '../helpers/requests.js';
import { newCustomer, registerUser } from '../helpers/users.js';

describe(`cross-site requests (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a POST from a foreign Origin with 403 and changes nothing', async () => {
    const customer = newCustomer();
    const res = await register(t.app, customer, { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(messages.foreignOrigin);
    expect(await userRow(t.app, customer.email)).toBeUndefined();
  });

  it('refuses a login from a foreign Origin without setting a cookie', async () => {
    const customer = await registerUser(t.app);
    const res = await login(t.app, customer, { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a PATCH from a foreign Origin even with a valid session', async () => {
    const customer = await registerUser(t.app);
    const sid = sessionCookie(await login(t.app, customer));
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update',
      cookies: { sid: sid! },
      headers: { origin: 'https://evil.example' },
      payload: { userName: 'Hijacked' },
    });
    expect(res.statusCode).toBe(403);
    expect((await userRow(t.app, customer.email))?.name).toBe(customer.name);
  });

  it.each(['cross-site', 'same-site'])(
    'refuses a POST with Sec-Fetch-Site: %s and no Origin',
    async (site) => {
      const customer = newCustomer();
      const res = await register(t.app, customer, { headers: { 'sec-fetch-site': site } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(messages.foreignOrigin);
      expect(await userRow(t.app, customer.email)).toBeUndefined();
    },
  );

  it('refuses the opaque Origin "null" of sandboxed pages', async () => {
    const res = await register(t.app, newCustomer(), { headers: { origin: 'null' } });
    expect(res.statusCode).toBe(403);
  });

  it('lets a POST from the shop’s own origin (PUBLIC_URL) through', async () => {
    const customer = newCustomer();
    const res = await register(t.app, customer, {
      headers: { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(201);
    expect(await userRow(t.app, customer.email)).toBeDefined();
  });

  it('lets a POST through whose Origin is the host it was sent to', async () => {
    const res = await register(t.app, newCustomer(), {
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('lets a GET from a foreign origin run but gives it no CORS headers to read the answer', async () => {
    const res = await getUser(t.app);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/get-user',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(res.statusCode);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe(`CORS allowlist (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://admin.example' });
  });
  afterAll(() => t.close());

  it('lets an allowlisted origin POST and allows it to read the answer with credentials', async () => {
    const customer = newCustomer();
    const res = await register(t.app, customer, { headers: { origin: 'https://admin.example' } });
    expect(res.statusCode).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe('https://admin.example');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(await userRow(t.app, customer.email)).toBeDefined();
  });

  it("lets an allowlisted origin read a refused form's field issues from X-Error-Issues", async () => {
    const res = await register(
      t.app,
      { ...newCustomer(), email: 'not-an-address' },
      { headers: { origin: 'https://admin.example' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.invalidEmail);
    expect(issuesOf(res)).toContainEqual({ path: 'email', message: messages.invalidEmail });
    const exposed = String(res.headers['access-control-expose-headers'])
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(exposed).toContain('x-error-issues');
  });

  it('answers the preflight of an allowlisted origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/update',
      headers: {
        origin: 'https://admin.example',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://admin.example');
    expect(res.headers['access-control-allow-methods']).toContain('PATCH');
    expect(res.headers['access-control-allow-headers']).toContain('content-type');
  });

  it('still refuses an origin that is not on the list', async () => {
    const res = await register(t.app, newCustomer(), { headers: { origin: 'https://other.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe(`security headers (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['a success', 'POST', '/api/user/register'],
    ['an error', 'GET', '/api/get-user'],
  ] as const)(
    'sets the JSON set on %s answer of the API: a CSP that allows nothing, nosniff, no framing',
    async (_case, method, url) => {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? newCustomer() : undefined });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Headers that only govern a document are the page's alone.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    },
  );

  it("sets the page's policy outside the API: scripts and styles from the shop, frames and objects from nowhere", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|;)\s*frame-ancestors 'none'(;|$)/);
    expect(csp).toMatch(/(^|;)\s*object-src 'none'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends no HSTS header on an http PUBLIC_URL', async () => {
    const res = await getUser(t.app);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://shop.example', ALLOW_TEST_PAYMENTS: '1' });
    try {
      const res = await getUser(https.app);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const page = await https.app.inject({ method: 'GET', url: '/healthz' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });
});
