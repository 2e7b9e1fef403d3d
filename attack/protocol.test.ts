import { messages, serverMessages } from '@shop/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logInOwner, me, newCustomer, register, signUp, type Session } from './support/accounts.js';
import { attackDb, mainShop } from './support/context.js';
import { expectAlive, expectRefused } from './support/expect.js';
import { client, rawRequest } from './support/http.js';

const MB = 1024 * 1024;

describe(`protocol abuse (${attackDb()})`, () => {
  const shop = mainShop();
  const api = client(shop.baseUrl);
  let customer: Session;

  beforeAll(async () => {
    customer = await signUp(api);
  });
  // Every group ends with the process still up and answering.
  afterEach(() => expectAlive(shop));

  it('answers malformed JSON with 400 and a message on every kind of route', async () => {
    for (const body of [
      '{bad',
      '{"email": "a@b.c",}',
      '{"a":1}}',
      '',
      '\u0000',
      '{"__proto__": {"isAdmin": true}}',
    ]) {
      for (const path of ['/api/user/login', '/api/saveCart', '/api/addProduct', '/api/payment/webhook']) {
        const res = await api.post(path, {
          sid: customer.sid,
          body,
          headers: { 'content-type': 'application/json' },
        });
        expectRefused(res, path === '/api/addProduct' ? [400, 403] : 400);
      }
    }
    const res = await api.post('/api/user/login', {
      body: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(res, 400, messages.invalidJson);
  });

  it('answers deeply nested JSON with 400 and a message', async () => {
    const deep = (depth: number) => [
      `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`,
      `{"email":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"password":"constructor"}`,
      `{"__proto__":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    ];
    const send = (route: string, body: string) =>
      api.post(route, { body, headers: { 'content-type': 'application/json' }, sid: customer.sid });
    // 200,000 levels are over these routes' size limits: refused unread.
    for (const body of deep(200_000)) {
      expectRefused(await send('/api/user/login', body), 413, messages.bodyTooLarge);
      expectRefused(await send('/api/saveCart', body), 413, messages.bodyTooLarge);
    }
    // Within the size limits, more than 32 levels are refused before any schema reads them.
    for (const body of [...deep(1000).slice(0, 2), ...deep(33).slice(0, 2)]) {
      expectRefused(await send('/api/user/login', body), 400, serverMessages.bodyTooComplex);
      expectRefused(await send('/api/saveCart', body), 400, serverMessages.bodyTooComplex);
    }
  });

  it('answers a body of the wrong content type with 415 and a message', async () => {
    const json = JSON.stringify({ email: customer.email, password: customer.password });
    for (const type of [
      'text/plain',
      'application/xml',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'application/jsonx',
    ]) {
      const res = await api.post('/api/user/login', { body: json, headers: { 'content-type': type } });
      expectRefused(res, 415, messages.unsupportedMediaType);
      expect(res.cookies).toEqual([]);
    }
  });

  it('answers a 2 MB body with 413 and a message, on every kind of route', async () => {
    const big = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * MB) });
    for (const path of ['/api/user/login', '/api/user/register', '/api/saveCart', '/api/nowhere']) {
      const res = await api.post(path, {
        sid: customer.sid,
        body: big,
        headers: { 'content-type': 'application/json' },
      });
      expectRefused(res, path === '/api/nowhere' ? [404, 413] : 413);
      // Closing with the body unread would reset the socket and could lose this answer.
      expect(res.headers.get('connection'), path).not.toBe('close');
    }
    const upload = await api.post('/api/admin/uploads', {
      sid: (await logInOwner(api)).sid,
      body: Buffer.alloc(6 * MB, 1),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expectRefused(upload, [400, 413]);
  });

  it('answers unknown routes and methods with 404 and a message', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/getCart'],
      ['PUT', '/api/saveCart'],
      ['PATCH', '/api/get-products'],
      ['GET', '/api/user/get-order'],
      ['GET', '/nope.js'],
      ['GET', '/assets/nope.js'],
    ] as const) {
      const res = await api.send(method, path, { sid: customer.sid });
      expectRefused(res, 404);
    }
    // fetch refuses to send TRACE at all.
    expectRefused(await rawRequest(shop.baseUrl, { method: 'TRACE', path: '/api/get-products' }), [404, 405]);
  });

  it('answers HEAD like GET without a body, and OPTIONS from no allowed origin with a 4xx', async () => {
    const page = await api.send('HEAD', '/');
    expect([page.status, page.text]).toEqual([200, '']);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const healthz = await api.send('HEAD', '/healthz');
    expect([healthz.status, healthz.text]).toEqual([200, '']);
    for (const [path, status] of [
      ['/api/get-products', 401],
      ['/api/nope', 404],
    ] as const) {
      const res = await api.send('HEAD', path);
      expect([res.status, res.text]).toEqual([status, '']);
    }
    for (const path of ['/api/user/login', '/', '/api/nope']) {
      const res = await api.send('OPTIONS', path, { headers: { origin: 'https://evil.example' } });
      expectRefused(res, 404);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('answers very long strings with a clean 4xx', async () => {
    const long = 'a'.repeat(100_000);
    const attempts = [
      await register(api, newCustomer({ name: long })),
      await register(api, newCustomer({ email: `${long}@example.com` })),
      await register(api, newCustomer({ password: long })),
      await api.post('/api/user/login', { json: { email: customer.email, password: long } }),
      await api.get(`/api/get-products?q=${long.slice(0, 5000)}`, { sid: customer.sid }),
      await api.patch('/api/user/update', { sid: customer.sid, json: { userName: long } }),
      await api.post('/api/user/review', {
        sid: customer.sid,
        json: { productId: long, rating: 3, comment: long },
      }),
      await api.get(`/api/get-product/${long.slice(0, 5000)}`, { sid: customer.sid }),
      await api.get(`/api/user/get-order/${long.slice(0, 5000)}`, { sid: customer.sid }),
      await api.post(`/api/user/resetPassword/${long.slice(0, 5000)}`, { json: { password: 'secret-1' } }),
    ];
    for (const res of attempts) expectRefused(res);
    expect((await me(api, customer.sid)).body.name).toBe(customer.name);
  });

  it('answers a URL or a header too large for the server with 431 or 414 and a message', async () => {
    const hugePath = `/api/get-product/${'a'.repeat(70_000)}`;
    const res = await rawRequest(shop.baseUrl, { path: hugePath });
    expect([414, 431]).toContain(res.status);
    expect(res.body).toEqual(expect.any(String));
    const hugeCookie = await rawRequest(shop.baseUrl, { path: '/api/get-user', sid: 'a'.repeat(70_000) });
    expect([400, 431]).toContain(hugeCookie.status);
    expect(hugeCookie.body).toEqual(expect.any(String));
  });

  it('answers broken percent-encoding with a clean 400', async () => {
    for (const [method, path] of [
      ['GET', '/api/get-product/%E0%A4%A'],
      ['GET', '/api/user/get-order/%'],
      ['GET', '/%'],
      ['GET', '/item/%zz'],
      ['POST', '/api/user/resetPassword/%C0%AF'],
    ] as const) {
      expectRefused(
        await rawRequest(shop.baseUrl, { method, path, sid: customer.sid }),
        400,
        messages.invalidRequest,
      );
    }
  });

  it('serves no file outside the web app and the uploads, whatever the path', async () => {
    // Pages differ only in the preload links each page's head adds for its own code.
    const withoutPreloads = (html: string) =>
      html.replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, '');
    const index = withoutPreloads((await api.get('/')).text);
    for (const path of [
      '/uploads/../shop.db',
      '/uploads/..%2f..%2fshop.db',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/images/../../package.json',
      '/images/products/..%2f..%2f..%2fserver%2fdist%2fmain.js',
      '/assets/..%2f..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '//etc/passwd',
      '/server/src/main.ts',
      '/.env',
    ]) {
      const res = await rawRequest(shop.baseUrl, { path });
      // A refusal, or the app's own page for what looks like a client-side route.
      if (res.status === 200) expect(withoutPreloads(res.text), path).toBe(index);
      else expectRefused(res, [403, 404]);
    }
  });

  it('handles Unicode edge cases: stored as sent when valid, refused with 400 when not, never a 5xx', async () => {
    const valid = [
      'Zoë Ñandú',
      '山田 太郎',
      'महात्मा गांधी',
      '👩‍👩‍👧‍👦 family',
      'e\u0301 combining',
      '\u202Eevil\u202C rtl',
      'zero\u200Bwidth',
      'b\uFEFFom',
      '𝕬𝖇𝖈',
    ];
    for (const name of valid) {
      const session = await signUp(api, { name });
      expect((await me(api, session.sid)).body.name, name).toBe(name);
    }
    for (const name of ['nul\u0000byte', 'a\u0000']) {
      expectRefused(await register(api, newCustomer({ name })), 400, messages.nulCharacter('name'));
    }
    // A lone surrogate cannot be stored as UTF-8: refused, as each database would store another text.
    const lone = await api.post('/api/user/register', {
      body: `{"name":"\\ud800x","email":"${newCustomer().email}","password":"secret-1","confiremPassword":"secret-1"}`,
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(lone, 400, serverMessages.brokenCharacter('name'));
    // Bytes that are not UTF-8 at all.
    const bytes = Buffer.concat([
      Buffer.from('{"email":"'),
      Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
      Buffer.from('@x.com","password":"x"}'),
    ]);
    const notUtf8 = await api.post('/api/user/login', {
      body: bytes,
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(notUtf8, [400, 404]);
    const search = await api.get(`/api/get-products?q=${encodeURIComponent('\u202E👩‍👩‍👧 é')}`, {
      sid: customer.sid,
    });
    expect(search.status).toBe(200);
  });
});
