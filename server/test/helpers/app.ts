import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { build, type App } from '../../src/app.js';
import type { CatalogPaths } from '../../src/modules/products/routes.js';
import { loadConfig } from '../../src/config.js';
import { ERROR_ISSUES_HEADER, type ApiIssue } from '@shop/shared';
import { createTestDatabase, type TestDatabase } from './databases.js';

/** A clock the test can move: session expiry and reset tokens without waiting. */
export class TestClock {
  private offsetMs = 0;
  private frozenAt: number | undefined;
  now = () => new Date((this.frozenAt ?? Date.now()) + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
  /** Stops the clock where it is; only advance() moves it then. For what must last a given time. */
  freeze() {
    this.frozenAt = Date.now();
  }
  /** Lets it run again, from the real time. */
  unfreeze() {
    this.frozenAt = undefined;
  }
}

export type TestApp = {
  app: App;
  clock: TestClock;
  database: TestDatabase;
  /** Stops this app and starts a new one on the same database: a restart. */
  restart(env?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
};

/**
 * The path every catalog request takes, forced by TEST_CATALOG_PATH: `index` or `database`, then
 * `cached` (every page kept from its first answer) or `uncached`; scripts/test-api.mjs runs the
 * catalog tests with each. Unset, the app takes them as production does.
 */
export function catalogPathsOf(setting = process.env.TEST_CATALOG_PATH): CatalogPaths {
  if (!setting) return {};
  const [found, cached] = setting.split(',');
  if (!['index', 'database'].includes(found ?? '') || !['cached', 'uncached'].includes(cached ?? ''))
    throw new Error(`TEST_CATALOG_PATH must be index or database, then cached or uncached: ${setting}`);
  return {
    searchIndex: found === 'index' ? 'built' : 'off',
    pageCache: cached === 'cached' ? 'every-page' : 'off',
  };
}

/**
 * A fresh app on a fresh database. `env` overrides settings the way the
 * environment would (strings), e.g. { AUTH_RATE_LIMIT_PER_MINUTE: '3' }.
 * With `logLines`, the app logs at info level and each JSON line lands there.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { logLines }: { logLines?: string[] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = new TestClock();
  const start = (overrides: Record<string, string>) =>
    build({
      config: loadConfig({
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        PUBLIC_URL: 'http://shop.test',
        LOG_LEVEL: logLines ? 'info' : 'silent',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        // Every injected request comes from one address: the per-address checkout
        // bounds are raised like the auth limit (test/checkout/hold-limits.test.ts sets its own).
        CHECKOUT_STARTS_PER_HOUR_PER_ADDRESS: '100000',
        CHECKOUT_MAX_UNITS_PER_ADDRESS: '100000',
        ...overrides,
      }),
      clock,
      catalogPaths: catalogPathsOf(),
      // The API alone unless the test gives its own web build.
      serveWeb: 'WEB_DIST' in overrides,
      logger: logLines !== undefined,
      ...(logLines && { logStream: { write: (line: string) => void logLines.push(line) } }),
    });
  const t: TestApp = {
    app: await start(env),
    clock,
    database,
    async restart(newEnv = env) {
      await t.app.close();
      t.app = await start(newEnv);
    },
    async close() {
      await t.app.close();
      await database.drop();
    },
  };
  return t;
}

/**
 * Another instance of the app on the same database and clock, as behind a
 * proxy (its catalog paths forced as the first's are).
 */
export function secondInstance(t: TestApp, catalogPaths = catalogPathsOf()): Promise<App> {
  const { config } = t.app.ctx;
  return build({ config, clock: t.clock, logger: false, catalogPaths, serveWeb: config.webDistSet });
}

/** Two instances on one fresh database for a describe block: `t` and `other`, closed after it. */
export function twoInstances(): { t: TestApp; other: App } {
  const both = {} as { t: TestApp; other: App };
  beforeAll(async () => {
    both.t = await createTestApp();
    both.other = await secondInstance(both.t);
  });
  afterAll(async () => {
    await both.other?.close();
    await both.t?.close();
  });
  return both;
}

/** The session cookie value a response set, if any. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'sid')?.value;
}

export const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;

/** What a client reads from an error answer: the body is the message itself, a JSON string. */
export const messageOf = (res: LightMyRequestResponse) => res.json() as string;

/** The field-level issues of a refused body, as a client reads them: the X-Error-Issues header decoded (none when absent). */
export function issuesOf(res: LightMyRequestResponse): ApiIssue[] {
  const header = res.headers[ERROR_ISSUES_HEADER];
  return typeof header === 'string' ? (JSON.parse(decodeURIComponent(header)) as ApiIssue[]) : [];
}
