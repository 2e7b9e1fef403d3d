import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createPostgresDatabase } from '../../server/test/helpers/databases.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverMain = path.join(repoRoot, 'server/dist/main.js');
const createAdminCli = path.join(repoRoot, 'server/dist/cli/create-admin.js');
const webIndex = path.join(repoRoot, 'web/dist/index.html');

export type DbKind = 'sqlite' | 'postgres';
export const attackDb: DbKind = process.env.ATTACK_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * What the server may take from the caller's shell. Nothing else: a shop
 * setting there (REDIS_URL, SMTP_URL, a fault switch, ...) would change what
 * is being attacked, or share rate-limit counters between runs.
 */
const INHERITED = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR'];
const baseEnv = () =>
  Object.fromEntries(INHERITED.filter((k) => process.env[k]).map((k) => [k, process.env[k]]));

/** Fails early, and says what to do, when there is no production build to attack. */
export function assertBuilt(): void {
  const missing = [serverMain, createAdminCli, webIndex].filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The attack suite runs against the production build, which is missing:\n  ${missing
        .map((f) => path.relative(repoRoot, f))
        .join('\n  ')}\nRun \`npm run build\` first.`,
    );
  }
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A database of its own: a folder (SQLite) or a new PostgreSQL database, dropped at the end. */
async function createDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (attackDb === 'sqlite') return { url: undefined, drop: async () => {} };
  return createPostgresDatabase('shop_attack');
}

export type RunningShop = {
  baseUrl: string;
  pid: number;
  dataDir: string;
  /** The environment the server runs with (create-admin needs the same). */
  env: NodeJS.ProcessEnv;
  logFile: string;
  process: ChildProcess;
  drop(): Promise<void>;
};

/**
 * Starts `node server/dist/main.js` on a free port, a fresh DATA_DIR and a
 * fresh database, and waits until /readyz answers. `settings` adds to (or
 * overrides) the shop's environment, e.g. a higher auth rate limit.
 */
export async function startShop(label: string, settings: Record<string, string> = {}): Promise<RunningShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-attack-${label}-`));
  const database = await createDatabase();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...settings,
  };
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [serverMain], { cwd: repoRoot, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const shop: RunningShop = {
    baseUrl,
    pid: child.pid!,
    dataDir,
    env,
    logFile,
    process: child,
    async drop() {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitUntilReady(shop);
  } catch (error) {
    child.kill('SIGKILL');
    await shop.drop();
    throw error;
  }
  return shop;
}

async function waitUntilReady(shop: RunningShop): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exited(shop)) {
      throw new Error(`the shop exited at start:\n${fs.readFileSync(shop.logFile, 'utf8')}`);
    }
    const ready = await fetch(`${shop.baseUrl}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the shop did not become ready in 30 s:\n${fs.readFileSync(shop.logFile, 'utf8')}`);
}

export function exited(shop: RunningShop): boolean {
  return shop.process.exitCode !== null || shop.process.signalCode !== null;
}

/** Stops the server the way an operator does (SIGTERM), SIGKILL if it hangs. */
export async function stopShop(shop: RunningShop): Promise<void> {
  if (!exited(shop)) {
    const gone = new Promise<void>((resolve) => shop.process.once('exit', () => resolve()));
    shop.process.kill('SIGTERM');
    const timer = setTimeout(() => shop.process.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }
  await shop.drop();
}

/** The log lines at level error or above: every 5xx the server answered is logged there. */
export function errorLines(shop: RunningShop): string[] {
  return fs
    .readFileSync(shop.logFile, 'utf8')
    .split('\n')
    .filter((line) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50;
      } catch {
        return line.trim() !== '';
      }
    });
}

/** An admin made with the shop's own command, as an owner would. */
export async function createAdmin(shop: RunningShop): Promise<{ email: string; password: string }> {
  const admin = {
    email: `owner-${randomBytes(4).toString('hex')}@attack.test`,
    password: `owner-${randomBytes(9).toString('base64url')}`,
  };
  await promisify(execFile)(
    process.execPath,
    [createAdminCli, '--email', admin.email, '--password', admin.password, '--name', 'Attack Owner'],
    { cwd: repoRoot, env: shop.env },
  );
  return admin;
}
