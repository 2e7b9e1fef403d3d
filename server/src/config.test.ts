import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('loadConfig', () => {
  it('starts with defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: 'localhost',
      dataDir: path.join(repoRoot, 'data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      smtpUrl: undefined,
      mailFrom: 'The Shop <no-reply@shop.local>',
      logLevel: 'info',
      corsOrigins: [],
      trustProxy: false,
      authRateLimitPerMinute: 20,
      failedLoginsPerAccountAndAddress: 10,
      failedLoginsPerAccount: 100,
      resetMailsPerAccountAndAddress: 5,
      resetMailsPerAccount: 20,
      passwordChangesPerAccount: 10,
      requestTimeoutMs: 60_000,
      sessionTtlMs: 7 * 24 * 3600_000,
      webDist: path.join(repoRoot, 'web', 'dist'),
      webDistSet: false,
      uploadDir: path.join(repoRoot, 'data', 'uploads'),
      redisUrl: undefined,
      redisKeyPrefix: 'shop:',
      razorpay: undefined,
      paymentTimeoutMs: 10_000,
      checkoutTtlMs: 10 * 60_000,
      holds: {
        budgetMsPerHour: 20 * 60_000,
        maxUnits: 20,
        maxUnitsPerAddress: 40,
        startsPerHour: 10,
        startsPerHourPerAddress: 30,
      },
      orderMailCopyToShipping: false,
      ownerEmail: undefined,
    });
  });

  it('takes OWNER_EMAIL as an address and refuses anything else', () => {
    expect(loadConfig({ OWNER_EMAIL: 'owner@shop.example' }).ownerEmail).toBe('owner@shop.example');
    expect(() => loadConfig({ OWNER_EMAIL: 'not an address' })).toThrow(
      /OWNER_EMAIL: must be an email address/,
    );
  });

  it('reads DATA_DIR and UPLOAD_DIR from the repository root whichever folder it runs in', () => {
    const cwd = process.cwd();
    try {
      process.chdir(path.join(repoRoot, 'server'));
      expect(loadConfig({})).toMatchObject({
        dataDir: path.join(repoRoot, 'data'),
        uploadDir: path.join(repoRoot, 'data', 'uploads'),
      });
      expect(loadConfig({ DATA_DIR: './shop-data', UPLOAD_DIR: 'up' })).toMatchObject({
        dataDir: path.join(repoRoot, 'shop-data'),
        uploadDir: path.join(repoRoot, 'up'),
      });
      expect(loadConfig({ DATA_DIR: '/var/lib/shop' }).dataDir).toBe('/var/lib/shop');
    } finally {
      process.chdir(cwd);
    }
  });

  it('reads WEB_DIST from the repository root and refuses one without a built web app, naming it', () => {
    const build = fs.mkdtempSync(path.join(repoRoot, 'web-dist-test-'));
    const cwd = process.cwd();
    try {
      fs.writeFileSync(path.join(build, 'index.html'), '<!doctype html>');
      process.chdir(path.join(repoRoot, 'server'));
      expect(loadConfig({ WEB_DIST: path.basename(build) })).toMatchObject({
        webDist: build,
        webDistSet: true,
      });
      expect(() => loadConfig({ WEB_DIST: '/nonexistent/web' })).toThrow(
        /WEB_DIST: \/nonexistent\/web holds no built web app \(no index\.html\)/,
      );
      fs.rmSync(path.join(build, 'index.html'));
      expect(() => loadConfig({ WEB_DIST: path.basename(build) })).toThrow(ConfigError);
    } finally {
      process.chdir(cwd);
      fs.rmSync(build, { recursive: true, force: true });
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' })).toMatchObject({ port: 3000, logLevel: 'info' });
  });

  it('derives the public URL from the port and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'http://shop.test/' }).publicUrl).toBe('http://shop.test');
  });

  it('makes cookies Secure only for an https public URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://shop.test' }).secureCookies).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example', ALLOW_TEST_PAYMENTS: '1' }).secureCookies).toBe(
      true,
    );
  });

  it('reads the settings it is given', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://shop@db:5432/shop',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      CORS_ORIGINS: ' https://admin.example , http://localhost:5173 ',
      TRUST_PROXY: 'true',
      SESSION_TTL_HOURS: '2',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://shop@db:5432/shop',
      smtpUrl: 'smtps://user:pass@mail.example:465',
      corsOrigins: ['https://admin.example', 'http://localhost:5173'],
      trustProxy: true,
      sessionTtlMs: 2 * 3600_000,
      logLevel: 'warn',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://shop@db/shop'],
    ['PUBLIC_URL', 'ftp://shop.example'],
    ['PUBLIC_URL', 'shop.example'],
    ['SMTP_URL', 'http://mail.example'],
    ['LOG_LEVEL', 'verbose'],
    ['CORS_ORIGINS', 'https://admin.example,not-an-origin'],
    ['CORS_ORIGINS', 'https://admin.example/path'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['SESSION_TTL_HOURS', '0'],
  ])('refuses %s=%s with a ConfigError naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
  });

  it('takes payments through Razorpay when both keys are set', () => {
    const config = loadConfig({
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      RAZORPAY_API_BASE: 'http://127.0.0.1:9999/',
      PAYMENT_TIMEOUT_MS: '500',
    });
    expect(config.razorpay).toEqual({
      keyId: 'rzp_test_x',
      keySecret: 'secret',
      webhookSecret: 'hook',
      apiBase: 'http://127.0.0.1:9999',
    });
    expect(config.paymentTimeoutMs).toBe(500);
    expect(loadConfig({ RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's' }).razorpay?.apiBase).toBe(
      'https://api.razorpay.com',
    );
  });

  it.each([
    [{ RAZORPAY_KEY_ID: 'rzp_test_x' }],
    [{ RAZORPAY_KEY_SECRET: 'secret' }],
    [{ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: '' }],
  ])('refuses one Razorpay key without the other (%j) with a ConfigError naming both', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/RAZORPAY_KEY_ID[\s\S]*RAZORPAY_KEY_SECRET/);
  });

  it('refuses to take test payments for a live shop unless told to', () => {
    for (const live of [{ NODE_ENV: 'production' }, { PUBLIC_URL: 'https://shop.example.com' }]) {
      expect(() => loadConfig(live)).toThrow(/RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: required/);
      expect(loadConfig({ ...live, ALLOW_TEST_PAYMENTS: '1' }).razorpay).toBeUndefined();
      expect(loadConfig({ ...live, RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's' }).razorpay?.keyId).toBe(
        'k',
      );
    }
    // The README's quickstart: on localhost, offline, with the test gateway.
    expect(loadConfig({ NODE_ENV: 'development' }).razorpay).toBeUndefined();
  });

  it('names every wrong variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT: [\s\S]*LOG_LEVEL: /);
  });
});
