import { messages } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInOwner, login, newCustomer, register, signUp, type Session } from './support/accounts.js';
import { attackDb, mainShop } from './support/context.js';
import { client, rawRequest, type Reply } from './support/http.js';
import { catalog } from './support/shop.js';

/** A 2×2 PNG, small enough to keep in the test. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

function multipartImage(png: Buffer) {
  const boundary = '----attack-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The CSP directives as a map: name to its sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectSecurityHeaders(res: Reply, what: string) {
  const csp = directives(res.headers.get('content-security-policy') ?? '');
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, `${what}: script-src`).toBeDefined();
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(scripts, `${what}: script-src`).not.toContain('*');
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get('object-src') ?? csp.get('default-src'), `${what}: object-src`).toEqual(
    expect.arrayContaining([expect.stringMatching(/^'(none|self)'$/)]),
  );
  expect(res.headers.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), `${what}: Referrer-Policy`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(res.headers.get('x-frame-options'), `${what}: X-Frame-Options`).toBe('DENY');
}

describe(`security headers and cookies (${attackDb()})`, () => {
  const shop = mainShop();
  const api = client(shop.baseUrl);
  let customer: Session;
  let owner: Session;
  let uploaded: string;

  beforeAll(async () => {
    [customer, owner] = await Promise.all([signUp(api), logInOwner(api)]);
    const upload = await api.post('/api/admin/uploads', { sid: owner.sid, ...multipartImage(tinyPng) });
    expect(upload.status, upload.text).toBe(201);
    uploaded = upload.body.url as string;
  });

  it('sends them with every page of the web app', async () => {
    const pages = [
      '/',
      '/login',
      '/signUp',
      '/forgotPass',
      '/resetPassword/some-token',
      '/logout',
      '/userDashboard',
      '/item/some-id',
      '/cart',
      '/placeOrder',
      '/orders',
      '/orderSummary/some-id',
      '/profile',
      '/admin',
      '/admin/userList',
      '/admin/productList',
      '/admin/addNewProduct',
      '/admin/editProduct/some-id',
      '/admin/orderList',
      '/admin/auditLog',
      '/no-such-page',
    ];
    for (const page of pages) {
      const res = await api.get(page, { sid: customer.sid });
      expect([res.status, res.headers.get('content-type')], page).toEqual([200, 'text/html; charset=utf-8']);
      expectSecurityHeaders(res, page);
    }
  });

  it('sends them with every file: scripts, styles, images and uploads', async () => {
    const index = (await api.get('/')).text;
    const assets = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    const image = (await catalog(api, customer.sid)).find((p) => p.image.startsWith('/images/'))!.image;
    for (const file of [...assets, '/favicon.svg', image, uploaded]) {
      const res = await api.get(file);
      expect(res.status, file).toBe(200);
      expectSecurityHeaders(res, file);
    }
  });

  it('sends them with every kind of API answer, errors included', async () => {
    const big = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) });
    const answers: [string, Reply][] = [
      ['200 healthz', await api.get('/healthz')],
      ['200 readyz', await api.get('/readyz')],
      ['200 products', await api.get('/api/get-products', { sid: customer.sid })],
      ['200 docs', await api.get('/api/docs')],
      ['201 register', await register(api, newCustomer())],
      ['400 validation', await api.post('/api/user/login', { json: {} })],
      [
        '400 malformed JSON',
        await api.post('/api/user/login', { body: '{', headers: { 'content-type': 'application/json' } }),
      ],
      ['400 bad URL encoding', await rawRequest(shop.baseUrl, { path: '/api/get-product/%E0%A4%A' })],
      ['401', await api.get('/api/getCart')],
      ['403 role', await api.get('/api/getAllUsers', { sid: customer.sid })],
      ['403 origin', await api.post('/api/user/logout', { headers: { origin: 'https://evil.example' } })],
      ['404 route', await api.get('/api/nope')],
      ['404 file', await api.get('/assets/nope.js')],
      ['404 overlong id', await api.get(`/api/user/get-order/${'a'.repeat(150)}`, { sid: customer.sid })],
      [
        '413',
        await api.post('/api/user/login', { body: big, headers: { 'content-type': 'application/json' } }),
      ],
      [
        '415',
        await api.post('/api/user/login', { body: '<a/>', headers: { 'content-type': 'application/xml' } }),
      ],
    ];
    for (const [what, res] of answers) {
      expect(res.status, what).toBe(Number(what.slice(0, 3)));
      expectSecurityHeaders(res, what);
    }
  });

  it('gives every API answer, errors included, a policy that lets it load nothing and be framed nowhere', async () => {
    const answers: [string, Reply][] = [
      ['products', await api.get('/api/get-products', { sid: customer.sid })],
      ['cart', await api.get('/api/getCart', { sid: customer.sid })],
      ['401', await api.get('/api/getCart')],
      ['404', await api.get('/api/nope')],
      ['400 bad URL encoding', await rawRequest(shop.baseUrl, { path: '/api/get-product/%E0%A4%A' })],
    ];
    for (const [what, res] of answers) {
      expect(res.headers.get('content-security-policy'), what).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
    }
  });

  it('lets no browser or shared cache keep a private answer: account, cart, orders, admin lists, the catalog with cart quantities', async () => {
    const product = (await catalog(api, customer.sid))[0]!;
    const answers: [string, Reply][] = [
      ['get-user', await api.get('/api/get-user', { sid: customer.sid })],
      ['get-user/', await api.get('/api/get-user/', { sid: customer.sid })],
      ['getCart', await api.get('/api/getCart', { sid: customer.sid })],
      ['get-orders', await api.get('/api/user/get-orders', { sid: customer.sid })],
      ['get-order (404)', await api.get('/api/user/get-order/nope', { sid: customer.sid })],
      ['get-products', await api.get('/api/get-products', { sid: customer.sid })],
      ['get-product', await api.get(`/api/get-product/${product._id}`, { sid: customer.sid })],
      ['getAllUsers', await api.get('/api/getAllUsers?page=1&limit=5', { sid: owner.sid })],
      ['getAllProducts', await api.get('/api/getAllProducts?page=1&limit=5', { sid: owner.sid })],
      ['admin orders', await api.get('/api/admin/orders?page=1&limit=5', { sid: owner.sid })],
      ['admin audit', await api.get('/api/admin/audit', { sid: owner.sid })],
      ['login', await login(api, customer.email, customer.password)],
      ['401', await api.get('/api/getCart')],
    ];
    for (const [what, res] of answers) {
      expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      expect(res.headers.get('cache-control'), what).toBe('no-store');
    }
  });

  it('sets the session cookie HttpOnly, SameSite=Lax and Path=/, with a long random value', async () => {
    const res = await login(api, customer.email, customer.password);
    expect(res.cookies).toHaveLength(1);
    const [sid] = res.cookies;
    expect(sid).toMatchObject({ name: 'sid', attributes: { httponly: true, samesite: 'Lax', path: '/' } });
    // 32 random bytes in base64url.
    expect(sid!.value).toMatch(/^[\w-]{43}$/);
  });

  it('clears the cookie at logout with the same attributes', async () => {
    const user = await signUp(api);
    const res = await api.post('/api/user/logout', { sid: user.sid });
    const [cleared] = res.cookies;
    expect(cleared).toMatchObject({
      name: 'sid',
      value: '',
      attributes: { httponly: true, samesite: 'Lax', path: '/' },
    });
    expect(Date.parse(String(cleared!.attributes.expires))).toBeLessThanOrEqual(Date.now());
  });

  it('sets no other cookie anywhere, and none on an anonymous or failed request', async () => {
    const anonymous = [
      await api.get('/'),
      await api.get('/api/get-products'),
      await login(api, customer.email, 'wrong'),
    ];
    for (const res of anonymous) expect(res.cookies).toEqual([]);
    expect((await login(api, customer.email, 'wrong')).body).toBe(messages.wrongCredentials);
  });
});
