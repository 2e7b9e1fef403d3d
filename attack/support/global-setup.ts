import type { TestProject } from 'vitest/node';
import { MAIN_REQUEST_TIMEOUT_SECONDS } from './context.js';
import {
  assertBuilt,
  attackDb,
  createAdmin,
  errorLines,
  exited,
  startShop,
  stopShop,
  type RunningShop,
} from './server.js';

/**
 * Starts two production servers for the whole suite: `shop` with high auth
 * rate limits for every attack but brute force (and a short request timeout), and `limitsShop` with the
 * shipped defaults for the brute-force attacks. At the end each must still be
 * running (no attack brought it down) and must have logged no error (every
 * 5xx is logged at error level, so this catches a 500 anywhere in the suite).
 */
export default async function setup(project: TestProject) {
  assertBuilt();
  const started: RunningShop[] = [];
  const stopAll = () => Promise.all(started.map((s) => stopShop(s)));
  try {
    const [shop, limits] = await Promise.all([
      startShop('main', {
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS: '100000',
        FAILED_LOGINS_PER_ACCOUNT: '100000',
        PASSWORD_CHANGES_PER_ACCOUNT: '100000',
        // Short, so the slow-body attack (exhaustion.test.ts) sees it end within the test.
        REQUEST_TIMEOUT_SECONDS: String(MAIN_REQUEST_TIMEOUT_SECONDS),
      }).then((s) => (started.push(s), s)),
      startShop('limits').then((s) => (started.push(s), s)),
    ]);
    const owner = await createAdmin(shop);
    const info = (s: RunningShop) => ({ baseUrl: s.baseUrl, pid: s.pid, dataDir: s.dataDir });
    project.provide('attackDb', attackDb);
    project.provide('shop', info(shop));
    project.provide('limitsShop', info(limits));
    project.provide('owner', owner);
  } catch (error) {
    await stopAll();
    throw error;
  }

  return async () => {
    const problems: string[] = [];
    for (const shop of started) {
      if (exited(shop)) problems.push(`the server at ${shop.baseUrl} exited during the attacks`);
      const errors = errorLines(shop);
      if (errors.length > 0) {
        problems.push(`the server at ${shop.baseUrl} logged errors (a 5xx?):\n${errors.join('\n')}`);
      }
    }
    await stopAll();
    if (problems.length > 0) throw new Error(problems.join('\n'));
  };
}
