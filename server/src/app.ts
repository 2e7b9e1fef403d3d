import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { messages } from '@shop/shared';
import { takesRealMoney, type Config } from './config.js';
import type { AppContext } from './context.js';
import { createDb, type Db, type DbKind } from './db/index.js';
import { migrateDatabase } from './db/migrate.js';
import { systemClock, type Clock } from './lib/clock.js';
import { sendError } from './lib/http-errors.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { createMemoryRateLimiter } from './lib/rate-limiter.js';
import { createRedisRateLimiter } from './lib/redis-rate-limiter.js';
import { loggerOptions, logRequestCompleted } from './lib/request-log.js';
import { gstAdminRoutes, taxDocumentFile, taxDocumentRoutes } from './modules/gst/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { adminOrderActionRoutes } from './modules/admin/order-actions-routes.js';
import { adminOrderRoutes } from './modules/admin/orders-routes.js';
import { adminProductRoutes } from './modules/admin/products-routes.js';
import { uploadRoutes } from './modules/admin/uploads.js';
import { adminUserRoutes } from './modules/admin/users-routes.js';
import { cartRoutes } from './modules/cart/routes.js';
import { releaseExpiredCheckouts } from './modules/checkout/release.js';
import { reconcileRefunds } from './modules/refunds/reconcile.js';
import { foldStockChanges } from './modules/products/catalog-versions.js';
import { orderRoutes } from './modules/orders/routes.js';
import { checkLowStock } from './modules/overview/low-stock.js';
import { csvRoutes } from './modules/csv/routes.js';
import { overviewRoutes } from './modules/overview/routes.js';
import { createPaymentProvider } from './modules/payments/create-provider.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { testGatewayRoutes } from './modules/payments/test-gateway-routes.js';
import { webhookRoutes } from './modules/payments/webhook.js';
import { productRoutes, type CatalogPaths } from './modules/products/routes.js';
import { seedIfEmpty } from './modules/products/seed.js';
import { shippingRoutes } from './modules/shipping/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { registerSessions } from './modules/sessions/plugin.js';
import { createSessionStore } from './modules/sessions/store.js';
import { userRoutes } from './modules/users/routes.js';
import { ownDataRoutes } from './modules/users/own-data-routes.js';
import { adminPageRoutes, pageRoutes } from './modules/pages/routes.js';
import { adminRoleRoutes } from './modules/admin/role-routes.js';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandler,
  registerNotFound,
} from './plugins/errors.js';
import { DEFAULT_BODY_LIMIT, registerBodyLimits } from './plugins/body-limits.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { useShopMessages } from './plugins/validation.js';
import { registerSecurity } from './plugins/security.js';
import { registerUploads, registerWeb } from './plugins/web.js';

export type BuildOptions = {
  config: Config;
  clock?: Clock;
  /** Tests pass false to keep output quiet; the server logs JSON. */
  logger?: boolean;
  /** Where the JSON log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Seed the demo catalog into an empty database (the start does; tests choose). */
  seed?: boolean;
  /** Tests force each path a catalog request can take (modules/products/routes.ts). */
  catalogPaths?: CatalogPaths;
  /** Tests pass false to answer the API only, whether or not web/dist is built. */
  serveWeb?: boolean;
};

export type App = FastifyInstance & { ctx: AppContext };

/**
 * Fastify closes the connection after refusing an oversized body. Closing with
 * the client's bytes still unread makes the kernel send a reset, which can
 * destroy the 413 before the client reads it: a browser then shows a network
 * error instead of our message. Up to this size Node reads and discards the
 * rest instead (the socket stays open); beyond it, or with no declared length,
 * closing is cheaper than listening.
 */
const DRAIN_OVERSIZED_BODY_UP_TO = 16 * 1024 * 1024;

function drainsOversizedBody(contentLength: string | undefined): boolean {
  const declared = Number(contentLength);
  return Number.isInteger(declared) && declared > 0 && declared <= DRAIN_OVERSIZED_BODY_UP_TO;
}

/** Node's default limit on a request's headers, the request line (and so any URL parameter) included. */
const MAX_PARAM_LENGTH = 16 * 1024;

/** Builds the app without listening: tests call inject(), main.ts calls listen(). */
export async function build(options: BuildOptions): Promise<App> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // TRUST_PROXY=1: trust only the hop that connects (hop 0), so the client address is the
    // one it appended to X-Forwarded-For. `true` would take the leftmost entry, which the
    // client writes itself, and let it rotate past the per-address rate limit.
    // A list of addresses/CIDRs: X-Forwarded-For counts only when those addresses connect
    // (each listed hop is trusted in turn), so a client reaching the shop directly is not believed.
    trustProxy: config.trustProxy === true ? (_address: string, hop: number) => hop === 0 : config.trustProxy,
    // Each route's own limit is set by registerBodyLimits (plugins/body-limits.ts); this is the
    // most any route takes (an unknown route's body is refused before it is read in full).
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A client that sends its request a byte at a time would hold a connection and its
    // buffers for ever: the whole request, headers and body, must arrive within this time
    // (408 otherwise, answered by answerClientError). Node checks every second.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: 1000,
    },
    // The spec's client calls some routes with a trailing slash (`/api/get-user/`): every route answers both.
    // The router's own bound on a parameter (100 characters) would answer a long id 414 before any
    // route could say "not found"; past the length of a whole request line (Node's header limit),
    // every id reaches its route, whose lookup answers 404 with its own message.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Our own 503 while closing (below) keeps the one error shape.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    forceCloseConnections: 'idle',
    // One line per request, when it is answered (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider();
  app.addHook('onResponse', (request, reply, done) => {
    logRequestCompleted(request, reply);
    done();
  });
  // The API reads JSON only. text/plain is the body a cross-site form can post
  // without a preflight, so it gets the same 415 as any other type.
  app.removeContentTypeParser('text/plain');
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    sendError(reply.header('connection', 'close'), 503, messages.shuttingDown);
  });
  useShopMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Echo the request id so a user's report can be matched to the log.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (reply.statusCode === 413 && !closing && drainsOversizedBody(request.headers['content-length']))
      reply.removeHeader('connection');
    done(null, payload);
  });

  await migrateDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db, kind } = createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    boundedQueries: true,
  });
  if (options.seed && !takesRealMoney(config)) await seedIfEmpty(db, clock);

  const mailer = createMailer({
    db,
    clock,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
    attachments: (reference) => taxDocumentFile(db, reference.replace(/^tax-document:/, '')),
  });
  // Sends still under way finish (their outcome recorded) before the database closes.
  app.addHook('onClose', async () => {
    await mailer.close();
    await db.destroy();
  });
  mailer.kick();

  registerErrorHandler(app);
  await registerSecurity(app, config);
  // Text answers (pages, scripts, JSON) travel compressed; brotli at a quality quick enough per request.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  registerBodyLimits(app);
  registerInputGuard(app);
  await app.register(swagger, {
    openapi: { info: { title: 'The shop API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  const sessionStore = createSessionStore(db, clock, config.sessionTtlMs);
  const sessions = await registerSessions(app, sessionStore, config);
  const { provider: payments, testGateway } = await createPaymentProvider(config, db);
  if (payments.name === 'test') {
    app.log.warn(
      'No Razorpay keys set: the built-in TEST payment gateway takes no money. Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET to sell for real.',
    );
  }
  if (!config.smtpUrl) {
    app.log.warn(
      'No SMTP_URL set: no mail leaves this machine. Reset links and order confirmations are written to DATA_DIR/outbox and their links logged. Set SMTP_URL to mail customers.',
    );
  }
  const ctx = makeContext(
    {
      config,
      db,
      dbKind: kind,
      clock,
      mailer,
      sessionStore,
      sessions,
      payments,
      log: app.log,
    },
    app,
  );

  await app.register(healthRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(productRoutes(ctx, options.catalogPaths));
  await app.register(cartRoutes(ctx));
  await app.register(paymentRoutes(ctx));
  await app.register(webhookRoutes(ctx, config.razorpay?.webhookSecret));
  if (testGateway) await app.register(testGatewayRoutes(ctx, testGateway));
  await app.register(orderRoutes(ctx));
  await app.register(shippingRoutes(ctx));
  await app.register(adminUserRoutes(ctx));
  await app.register(adminProductRoutes(ctx));
  await app.register(adminOrderRoutes(ctx));
  await app.register(adminOrderActionRoutes(ctx));
  await app.register(uploadRoutes(ctx));
  await app.register(overviewRoutes(ctx));
  await app.register(csvRoutes(ctx));
  await app.register(reviewRoutes(ctx));
  await app.register(ownDataRoutes(ctx));
  await app.register(pageRoutes(ctx));
  await app.register(adminPageRoutes(ctx));
  await app.register(adminRoleRoutes(ctx));
  await app.register(taxDocumentRoutes(ctx));
  await app.register(gstAdminRoutes(ctx));
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  // Reservations not paid in time go back on the shelf; expired sessions go (every login adds one).
  const sweeper = setInterval(() => {
    releaseExpiredCheckouts(ctx).catch((error: unknown) =>
      app.log.error({ err: error }, 'releasing expired checkouts failed'),
    );
    // Refunds the provider has not settled, or never answered, are asked after.
    reconcileRefunds(ctx).catch((error: unknown) =>
      app.log.error({ err: error }, 'reconciling refunds failed'),
    );
    // Once a day, the owner hears of products newly at or below their low-stock threshold.
    checkLowStock(ctx).catch((error: unknown) => app.log.error({ err: error }, 'checking low stock failed'));
    sessionStore
      .purgeExpired()
      .catch((error: unknown) => app.log.error({ err: error }, 'removing expired sessions failed'));
  }, 60_000);
  sweeper.unref();
  // PostgreSQL's stock change rows go into its stock version's base, so every catalog
  // read counts only the last few seconds' (a fold with nothing to fold writes nothing).
  const folder =
    ctx.dbKind === 'postgres'
      ? setInterval(() => {
          foldStockChanges(ctx.db, ctx.dbKind).catch((error: unknown) =>
            app.log.error({ err: error }, 'folding stock changes failed'),
          );
        }, 10_000).unref()
      : undefined;
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    clearInterval(folder);
  });

  await registerUploads(app, config.uploadDir);
  const pageHtml =
    options.serveWeb === false
      ? null
      : await registerWeb(app, config.webDist, {
          testPayments: !config.razorpay,
          productImage: (id) =>
            ctx.db
              .selectFrom('products')
              .select('image')
              .where('id', '=', id)
              .executeTakeFirst()
              .then((row) => row?.image),
        });
  if (!pageHtml && options.serveWeb !== false) {
    // loadConfig refused a WEB_DIST without a build; the default may lack one (an API-only run).
    if (config.webDistSet)
      throw new Error(`WEB_DIST: ${config.webDist} holds no built web app (no index.html)`);
    app.log.warn(
      { webDist: config.webDist },
      'No built web app in web/dist: serving the API only. Run npm run build, or set WEB_DIST to where the build is.',
    );
  }
  registerNotFound(app, pageHtml);
  return Object.assign(app, { ctx });
}

function makeContext(
  parts: Omit<AppContext, 'limiter'> & { db: Db; dbKind: DbKind; mailer: Mailer },
  app: FastifyInstance,
): AppContext {
  const { config } = parts;
  if (!config.redisUrl)
    return { ...parts, limiter: createMemoryRateLimiter(() => parts.clock.now().getTime()) };
  const limiter = createRedisRateLimiter(config.redisUrl, `${config.redisKeyPrefix}rl:`, app.log);
  app.addHook('onClose', async () => limiter.close());
  return { ...parts, limiter };
}
