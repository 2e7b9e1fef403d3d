import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { DETAIL_IMAGE_SIZES, productImageSrcSet, TEST_MODE_BANNER } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createProduct } from './helpers/products.js';
import { createTestDatabase, testDbKind } from './helpers/databases.js';

describe(`serving the web app (${testDbKind})`, () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>The Shop</title>' +
        '<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
        '<body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);\n'.repeat(500));
    fs.writeFileSync(
      path.join(webDist, 'page-preloads.json'),
      JSON.stringify([
        { path: '/', modules: ['/assets/landing-1.js'] },
        { path: '/userDashboard', modules: ['/assets/dashboard-1.js'], data: '/api/get-products?page=1' },
        {
          path: '/item/',
          modules: ['/assets/product-1.js'],
          data: '/api/get-product/{param}',
          productImage: true,
        },
      ]),
    );
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers / and every client-side route with index.html, never cached', async () => {
    for (const url of [
      '/',
      '/signUp',
      '/resetPassword/abc',
      '/item/123?x=1',
      '/terms',
      '/privacy',
      '/contact',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>The Shop</title>');
    }
  });

  it("asks in each page's head for its own chunks and, with a session, its first answer", async () => {
    const page = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }).then((res) => res.body);
    const modules = (html: string) =>
      [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    const data = (html: string) =>
      [...html.matchAll(/rel="preload" as="fetch" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

    expect(modules(await page('/'))).toEqual(['/assets/landing-1.js']);
    expect(modules(await page('/signUp'))).toEqual([]);
    const dashboard = await page('/userDashboard', 'sid=abc');
    expect(modules(dashboard)).toEqual(['/assets/dashboard-1.js']);
    expect(data(dashboard)).toEqual(['/api/get-products?page=1']);
    // Logged out, the app goes to /login; with a search in the URL the first answer is another.
    expect(data(await page('/userDashboard'))).toEqual([]);
    expect(data(await page('/userDashboard?page=2', 'sid=abc'))).toEqual([]);
    expect(modules(await page('/userDashboard?page=2', 'sid=abc'))).toEqual(['/assets/dashboard-1.js']);

    const id = '5d3f1c2a-0b6e-4f7a-9c1d-2e3f4a5b6c7d';
    expect(data(await page(`/item/${id}`, 'sid=abc'))).toEqual([`/api/get-product/${id}`]);
    // Only an id of the shop's own shape goes into the page.
    for (const odd of ['%22%3E%3Cscript%3E', 'a%2Fb', 'x'.repeat(65)]) {
      const html = await page(`/item/${odd}`, 'sid=abc');
      expect(data(html), odd).toEqual([]);
      expect(modules(html), odd).toEqual(['/assets/product-1.js']);
    }
  });

  it("asks in the product page's head for the product's picture, as its <img> will", async () => {
    const page = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: 'sid=abc' } }).then((res) => res.body);
    const images = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);

    const drawing = await createProduct(t.app.ctx.db, { image: '/images/products/kettle.svg' });
    expect(images(await page(`/item/${drawing.id}`))).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" href="/images/products/kettle.svg">',
    ]);
    // An upload: the same copies and sizes as the page's srcset.
    const upload = await createProduct(t.app.ctx.db, { image: '/uploads/abc-123.webp' });
    expect(images(await page(`/item/${upload.id}`))).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/abc-123.webp" ' +
        `imagesrcset="${productImageSrcSet('/uploads/abc-123.webp')}" imagesizes="${DETAIL_IMAGE_SIZES}">`,
    ]);
    // No such product, a picture elsewhere or one with odd characters, a search, another page: no hint.
    const outside = await createProduct(t.app.ctx.db, { image: 'https://cdn.example.com/x.png' });
    const odd = await createProduct(t.app.ctx.db, { image: '/images/a"><script>.svg' });
    for (const url of [
      '/item/5d3f1c2a-0b6e-4f7a-9c1d-2e3f4a5b6c7d',
      `/item/${outside.id}`,
      `/item/${odd.id}`,
      `/item/${drawing.id}?x=1`,
      '/userDashboard',
    ])
      expect(images(await page(url)), url).toEqual([]);
    expect(
      await t.app.inject({ method: 'GET', url: `/item/${drawing.id}` }).then((res) => res.body),
    ).not.toContain('as="image"');
  });

  it("asks for the page's first answer and picture before its scripts, and draws nothing itself", async () => {
    const html = await t.app
      .inject({
        method: 'GET',
        url: `/item/${(await createProduct(t.app.ctx.db, {})).id}`,
        headers: { cookie: 'sid=abc' },
      })
      .then((res) => res.body);
    const at = (text: string) => {
      expect(html).toContain(text);
      return html.indexOf(text);
    };
    const entry = at('<script type="module" crossorigin src="/assets/index-abc123.js">');
    expect(at('rel="preload" as="fetch"')).toBeLessThan(entry);
    expect(at('rel="preload" as="image"')).toBeLessThan(entry);
    expect(at('<link rel="modulepreload" crossorigin href="/assets/product-1.js">')).toBeGreaterThan(entry);
    expect(/<div id="root">(.*?)<\/div><\/body>/.exec(html)?.[1]).toBe('');
  });

  it('says on every page, before any script runs, when the test gateway takes the payments', async () => {
    for (const url of ['/', '/login', '/userDashboard', '/item/abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain(`<body><aside aria-label="Test mode"`);
      expect(res.body, url).toContain(TEST_MODE_BANNER);
    }
    const live = await createTestApp({
      WEB_DIST: webDist,
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 's',
    });
    try {
      for (const url of ['/', '/login']) {
        const res = await live.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.body, url).not.toContain(TEST_MODE_BANNER);
      }
    } finally {
      await live.close();
    }
  });

  it('caches fingerprinted assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing file or API route with a 404 message, not the page', async () => {
    for (const url of ['/assets/missing.js', '/api/unknown']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(`Route GET ${url} not found`);
    }
  });

  it('sends the security headers with the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('compresses text with brotli or gzip, as the browser asks', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1);\n'.repeat(500));
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toMatchObject({
      openapi: expect.any(String),
    });
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("sends the build's compressed copy of a file as it is, and says the answer varies", async () => {
    const script = 'console.log("the file");\n'.repeat(100);
    fs.writeFileSync(path.join(webDist, 'assets', 'page-1.js'), script);
    // The copies hold other text than the file: the answer shows which one was sent.
    fs.writeFileSync(path.join(webDist, 'assets', 'page-1.js.br'), zlib.brotliCompressSync('// the br copy'));
    fs.writeFileSync(path.join(webDist, 'assets', 'page-1.js.gz'), zlib.gzipSync('// the gzip copy'));
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/page-1.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    const br = await get('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('// the br copy');
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('// the gzip copy');
    const plain = await get();
    expect(plain.body).toBe(script);
    for (const res of [br, gzip, plain]) {
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe(`without WEB_DIST and without a build in web/dist (${testDbKind})`, () => {
  it('answers the API only and logs one warning saying so', async () => {
    const database = await createTestDatabase();
    const emptyDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
    const lines: string[] = [];
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      PUBLIC_URL: 'http://shop.test',
    });
    // The default folder (web/dist) may be built in this checkout: an empty one stands in for it.
    const app = await build({
      config: { ...config, webDist: emptyDist, webDistSet: false },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
      const warnings = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string; webDist?: string })
        .filter((l) => l.msg.includes('No built web app'));
      expect(warnings).toEqual([
        expect.objectContaining({ level: 40, webDist: emptyDist, msg: expect.stringContaining('API only') }),
      ]);
    } finally {
      await app.close();
      await database.drop();
      fs.rmSync(emptyDist, { recursive: true, force: true });
    }
  });
});
