// podman as the recipe tests run it on this machine (test:container, test:systemd).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { sleep } from './bench-shop.mjs';

/** Exits with a message when a tool the test needs is missing. */
export function requireTools(test, tools) {
  for (const tool of tools) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      console.error(`${test} needs ${tool} on this machine (apt-get install ${tool}).`);
      process.exit(2);
    }
  }
}

export const podman = (args, options = {}) =>
  execFileSync('podman', args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
    ...options,
  }).trim();

/** This process's hard limit of a resource, as /proc/self/limits names it. */
const hardLimit = (resource) =>
  new RegExp(`^${resource}\\s+\\S+\\s+(\\S+)`, 'm').exec(readFileSync('/proc/self/limits', 'utf8'))[1];

/**
 * `podman run` with what this machine needs. runc, not crun: crun refuses its hybrid
 * cgroups. podman's default open-file and process limits are above its hard limits, which
 * a container cannot raise (nor, here, even set to the hard limit for processes: 4,096 is
 * ample). The host's network: the containers reach the machine's PostgreSQL and Redis.
 */
export const podmanRun = (args, options) =>
  podman(
    [
      '--runtime',
      'runc',
      'run',
      '--ulimit',
      `nofile=${hardLimit('Max open files')}:${hardLimit('Max open files')}`,
      '--ulimit',
      'nproc=4096:4096',
      '--network',
      'host',
      ...args,
    ],
    options,
  );

/** Waits for the shop's /readyz; throws with `logs()` if it never comes or `stopped()`. */
export async function waitReady(origin, { stopped, logs }) {
  for (let tries = 0; tries < 600; tries += 1) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (stopped()) break;
    await sleep(100);
  }
  throw new Error(`${origin} never answered /readyz:\n${logs()}`);
}
