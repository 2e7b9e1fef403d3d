import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverMain = path.join(repoRoot, 'server/dist/main.js');

/** Settings of the shop that come from the suite only, never from the caller's shell. */
const SHOP_SETTINGS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'PUBLIC_URL',
  'SMTP_URL',
  'LOG_LEVEL',
  'AUTH_RATE_LIMIT_PER_MINUTE',
  'FAILED_LOGINS_PER_ACCOUNT',
  'UPLOAD_DIR',
  'REDIS_URL',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'RAZORPAY_API_BASE',
  'PAYMENT_TIMEOUT_MS',
  'CHECKOUT_TTL_MINUTES',
  'CHECKOUT_HOLD_MINUTES_PER_HOUR',
  'CHECKOUT_MAX_UNITS',
  'CHECKOUT_MAX_UNITS_PER_ADDRESS',
  'CHECKOUT_STARTS_PER_HOUR',
  'CHECKOUT_STARTS_PER_HOUR_PER_ADDRESS',
  'ORDER_MAIL_COPY_TO_SHIPPING',
  'SHOP_FAULT_KILL_AFTER_PAYMENT_VERIFIED',
];

/** The fault suite runs the production build; say what to do when it is missing. */
export function assertBuilt(): void {
  if (!fs.existsSync(serverMain)) {
    throw new Error(
      `The fault suite runs the production server, and ${path.relative(repoRoot, serverMain)} is missing. Run \`npm run build\` first.`,
    );
  }
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `shop-faults-${label}-`));
}

export type Shop = {
  baseUrl: string;
  process: ChildProcess;
  logFile: string;
  /** Resolves with the exit code and signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** SIGKILL if still running, and delete the log (cleanup). */
  kill(): Promise<void>;
};

/**
 * Starts `node server/dist/main.js` on a free port with `settings` (DATA_DIR,
 * DATABASE_URL, ...) and waits until /readyz answers 200.
 */
export async function startShop(settings: Record<string, string>, port?: number): Promise<Shop> {
  assertBuilt();
  const listenPort = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${listenPort}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SHOP_SETTINGS) delete env[key];
  Object.assign(env, {
    PORT: String(listenPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Every simulated shopper comes from 127.0.0.1: the per-address checkout bounds are raised likewise.
    CHECKOUT_STARTS_PER_HOUR_PER_ADDRESS: '100000',
    CHECKOUT_MAX_UNITS_PER_ADDRESS: '100000',
    ...settings,
  });
  const logFile = path.join(tempDir('log'), 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [serverMain], { cwd: repoRoot, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const shop: Shop = {
    baseUrl,
    process: child,
    logFile,
    exited,
    isRunning: () => running,
    async kill() {
      if (running) child.kill('SIGKILL');
      await exited;
      fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!running) {
      throw new Error(`the shop exited while starting:\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) return shop;
    await sleep(100);
  }
  await shop.kill();
  throw new Error(`the shop did not become ready in 30 s:\n${fs.readFileSync(logFile, 'utf8')}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Reply = {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  body: any;
  setCookies: string[];
};

export type RequestOptions = {
  json?: unknown;
  sid?: string;
  headers?: Record<string, string>;
  body?: string;
};

/**
 * One HTTP request on a connection of its own (no keep-alive), so "sent before
 * the shutdown" and "refused after it" mean what they say. Rejects on a
 * network error (e.g. ECONNREFUSED, or the process died mid-request).
 */
export function request(baseUrl: string, method: string, urlPath: string, options: RequestOptions = {}) {
  const headers: Record<string, string> = { connection: 'close', ...options.headers };
  let payload = options.body;
  if (options.json !== undefined) {
    payload = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  if (options.sid) headers.cookie = `sid=${options.sid}`;
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(`${baseUrl}${urlPath}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        const setCookie = res.headers['set-cookie'] ?? [];
        resolve({ status: res.statusCode ?? 0, text, body, setCookies: setCookie });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export function api(baseUrl: string) {
  return {
    get: (urlPath: string, options?: RequestOptions) => request(baseUrl, 'GET', urlPath, options),
    post: (urlPath: string, options?: RequestOptions) => request(baseUrl, 'POST', urlPath, options),
  };
}
export type Api = ReturnType<typeof api>;

export const PASSWORD = 'fault-suite-pass';

export async function register(client: Api, email: string): Promise<void> {
  const res = await client.post('/api/user/register', {
    json: { name: 'Fault Tester', email, password: PASSWORD, confiremPassword: PASSWORD },
  });
  expect(res.status, res.text).toBe(201);
}

/** Logs in and answers the session id. */
export async function login(client: Api, email: string): Promise<string> {
  const res = await client.post('/api/user/login', { json: { email, password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  const sid = res.setCookies.map((c) => /^sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
  expect(sid).toBeTruthy();
  return sid!;
}

export const shipping = {
  name: 'Asha Verma',
  email: 'asha.verma@faults.test',
  phone: '9876543210',
  streetAddress: '12 MG Road',
  town: 'Pune',
  pincode: '411001',
  state: 'Maharashtra',
  country: 'India',
};

export type CatalogProduct = { _id: string; name: string; countInStock: number; price: number };

export async function products(client: Api, sid: string): Promise<CatalogProduct[]> {
  const res = await client.get('/api/get-products', { sid });
  expect(res.status, res.text).toBe(200);
  return res.body.products as CatalogProduct[];
}

export async function addToCart(client: Api, sid: string, productId: string, quantity: number) {
  const res = await client.post('/api/saveCart', { sid, json: { item: { _id: productId }, quantity } });
  expect(res.status, res.text).toBe(200);
}

/** Runs `node server/dist/main.js` until it exits, or SIGKILLs it after `limitMs`. */
export async function runShopUntilExit(settings: Record<string, string>, limitMs: number) {
  assertBuilt();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|REDIS_URL|SMTP_URL|DATA_DIR|UPLOAD_DIR|RAZORPAY_|SHOP_FAULT_)/.test(key))
      delete env[key];
  }
  const port = await freePort();
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...settings,
  });
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(repoRoot, 'server/dist/main.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const killer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) =>
      child.once('exit', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal })),
  );
  clearTimeout(killer);
  return { code, signal, output, ms: Date.now() - started };
}
