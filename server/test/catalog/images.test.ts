import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';

describe(`serving product images (${testDbKind})`, () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'images', 'products'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>The Shop</title>');
    fs.writeFileSync(path.join(webDist, 'images', 'products', 'x.svg'), svg);
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves a product image without a login, cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/images/products/x.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(svg);
  });

  it('answers a missing product image with 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/images/products/missing.svg' });
    expect(res.statusCode).toBe(404);
  });
});
