import type { LightMyRequestResponse } from 'fastify';
import { build, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

/** A clock the test can move: session expiry and reset tokens without waiting. */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export type TestApp = { app: App; clock: TestClock; database: TestDatabase; close(): Promise<void> };

/**
 * A fresh app on a fresh database. `env` overrides settings the way the
 * environment would (strings), e.g. { AUTH_RATE_LIMIT_PER_MINUTE: '3' }.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = new TestClock();
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    PUBLIC_URL: 'http://shop.test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await build({ config, clock, logger: false });
  return {
    app,
    clock,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** The session cookie value a response set, if any. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'sid')?.value;
}

export const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;
