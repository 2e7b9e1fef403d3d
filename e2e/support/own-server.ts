import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { E2E_PORT } from './env';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../../server/dist');

/** Where a spec's own server listens: the port after the run's server. */
export const OWN_SERVER_URL = `http://127.0.0.1:${E2E_PORT + 1}`;

export type OwnServer = {
  baseURL: string;
  dataDir: string;
  promoteToAdmin(email: string, password: string): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The production server on a database of its own, for a spec whose settings
 * (GST on) must not reach the specs that share the run's server.
 */
export async function startOwnServer(name: string): Promise<OwnServer> {
  const port = E2E_PORT + 1;
  const dataDir = path.resolve(here, '..', `test-data-${name}`);
  await fs.rm(dataDir, { recursive: true, force: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' };
  const child: ChildProcess = spawn(process.execPath, [path.join(serverDir, 'main.js')], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      CHECKOUT_STARTS_PER_HOUR_PER_ADDRESS: '100000',
      CHECKOUT_MAX_UNITS_PER_ADDRESS: '100000',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${baseURL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    dataDir,
    async promoteToAdmin(email, password) {
      const cli = path.join(serverDir, 'cli', 'create-admin.js');
      await promisify(execFile)(
        process.execPath,
        [cli, '--email', email, '--password', password, '--promote'],
        {
          env,
        },
      );
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    },
  };
}
