import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db, DbKind } from './db/index.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './lib/mailer.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import type { PaymentProvider } from './modules/payments/provider.js';
import type { Sessions } from './modules/sessions/plugin.js';
import type { SessionStore } from './modules/sessions/store.js';

/** What feature modules need from the app, passed explicitly instead of decorated. */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  sessionStore: SessionStore;
  sessions: Sessions;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
};
