import { expect } from 'vitest';
import type { ShopInfo } from './context.js';
import type { Reply } from './http.js';

/** What a leaked stack or internal detail looks like in an answer. */
const INTERNALS =
  /\bat .+:\d+:\d+|node_modules|\/dist\/|"stack"|SQLITE_|syntax error|violates|relation "|column "/i;

/**
 * A clean refusal: the expected 4xx (or any 4xx), JSON whose body is the
 * message for a person (a JSON string), and nothing of the server's insides.
 */
export function expectRefused(reply: Reply, status?: number | number[], message?: string): void {
  const context = `${reply.status} ${reply.text.slice(0, 300)}`;
  if (status === undefined) {
    expect(reply.status, context).toBeGreaterThanOrEqual(400);
    expect(reply.status, context).toBeLessThan(500);
  } else if (Array.isArray(status)) {
    expect(status, context).toContain(reply.status);
  } else {
    expect(reply.status, context).toBe(status);
  }
  expect(reply.headers.get('content-type'), context).toMatch(/^application\/json/);
  expect(typeof reply.body, context).toBe('string');
  expect(reply.body.length, context).toBeGreaterThan(0);
  if (message !== undefined) expect(reply.body, context).toBe(message);
  expect(reply.text, context).not.toMatch(INTERNALS);
}

/** The process is still up: /healthz answers and the pid is alive. */
export async function expectAlive(shop: ShopInfo): Promise<void> {
  const res = await fetch(`${shop.baseUrl}/healthz`);
  expect(res.status).toBe(200);
  expect(() => process.kill(shop.pid, 0), 'the server process is gone').not.toThrow();
}
