import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { findRepoRoot } from './lib/repo-root.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const intFrom = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
const yesNo = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/**
 * TRUST_PROXY: `1`/`true` trusts the one hop that connects (whoever it is); a comma-separated
 * list of the proxies' addresses or CIDR ranges trusts only those, so X-Forwarded-For from any
 * other address is not believed.
 */
const trustProxy = z.string().transform((v, ctx): boolean | string[] => {
  if (['0', 'false'].includes(v)) return false;
  if (['1', 'true'].includes(v)) return true;
  const entries = v.split(',').map((s) => s.trim());
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (!family || !validBits || extra !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not an IP address or CIDR range: use 1 (the one proxy that connects) or the proxies' addresses, e.g. 10.0.0.5 or 10.0.0.0/24,fd00::/64`,
      });
    }
  }
  return entries;
});

/** Every setting comes from the environment; defaults make the two-command start work. */
const envSchema = z.object({
  PORT: intFrom(0, 65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  PUBLIC_URL: httpUrl.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('The Shop <no-reply@shop.local>'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
          ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin like https://shop.example` });
        }
      }
      return origins;
    }),
  TRUST_PROXY: trustProxy.default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: intFrom(1, 1_000_000).default(20),
  FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS: intFrom(1, 1_000_000).default(10),
  FAILED_LOGINS_PER_ACCOUNT: intFrom(1, 1_000_000).default(100),
  RESET_MAILS_PER_ACCOUNT_AND_ADDRESS: intFrom(1, 1_000_000).default(5),
  RESET_MAILS_PER_ACCOUNT: intFrom(1, 1_000_000).default(20),
  PASSWORD_CHANGES_PER_ACCOUNT: intFrom(1, 1_000_000).default(10),
  REQUEST_TIMEOUT_SECONDS: intFrom(1, 3600).default(60),
  SESSION_TTL_HOURS: intFrom(1, 24 * 365).default(24 * 7),
  WEB_DIST: z.string().optional(),
  UPLOAD_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, { error: 'must start with redis:// or rediss://' })
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('shop:'),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_BASE: httpUrl.default('https://api.razorpay.com'),
  PAYMENT_TIMEOUT_MS: intFrom(100, 120_000).default(10_000),
  CHECKOUT_TTL_MINUTES: intFrom(1, 24 * 60).default(10),
  CHECKOUT_HOLD_MINUTES_PER_HOUR: intFrom(1, 60).default(20),
  CHECKOUT_MAX_UNITS: intFrom(1, 1_000_000).default(20),
  CHECKOUT_MAX_UNITS_PER_ADDRESS: intFrom(1, 1_000_000).default(40),
  CHECKOUT_STARTS_PER_HOUR: intFrom(1, 1_000_000).default(10),
  CHECKOUT_STARTS_PER_HOUR_PER_ADDRESS: intFrom(1, 1_000_000).default(30),
  ORDER_MAIL_COPY_TO_SHIPPING: yesNo.default(false),
  OWNER_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  NODE_ENV: z.string().optional(),
  ALLOW_TEST_PAYMENTS: yesNo.default(false),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof LOG_LEVELS)[number];
  corsOrigins: string[];
  /** true: the one hop that connects; a list: only these proxy addresses/CIDRs; false: none. */
  trustProxy: boolean | string[];
  authRateLimitPerMinute: number;
  /** Wrong passwords one client address (IPv6: its /64) may try on one account in 15 minutes. */
  failedLoginsPerAccountAndAddress: number;
  /** Wrong passwords on one account from everywhere in an hour (known addresses exempt). */
  failedLoginsPerAccount: number;
  resetMailsPerAccountAndAddress: number;
  resetMailsPerAccount: number;
  /** Password changes (with the old password) per account in 15 minutes. */
  passwordChangesPerAccount: number;
  /** How long a client may take to send a whole request, headers and body. */
  requestTimeoutMs: number;
  sessionTtlMs: number;
  /** The built web app's folder: WEB_DIST, or web/dist in the repository. */
  webDist: string;
  /** WEB_DIST was set: the start has checked it holds a build (unset, a missing build only means the API alone). */
  webDistSet: boolean;
  /** Uploaded product images; a shared volume when several instances run. */
  uploadDir: string;
  /** Rate limits in Redis when set (shared by every instance); in the process otherwise. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** Razorpay when both keys are set; otherwise the built-in test gateway. */
  razorpay:
    { keyId: string; keySecret: string; webhookSecret: string | undefined; apiBase: string } | undefined;
  paymentTimeoutMs: number;
  checkoutTtlMs: number;
  /** What one shopper may keep from others without paying (modules/checkout/hold-limits.ts). */
  holds: {
    /** Stock held by one account's unpaid checkouts, summed over any hour. */
    budgetMsPerHour: number;
    maxUnits: number;
    maxUnitsPerAddress: number;
    startsPerHour: number;
    startsPerHourPerAddress: number;
  };
  /** Whether the order confirmation also goes to the shipping form's email (it always goes to the account's). */
  orderMailCopyToShipping: boolean;
  /** Where the shop tells its owner of each paid order and each failed refund; none when unset. */
  ownerEmail: string | undefined;
};

export class ConfigError extends Error {}

/** Reads the environment; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.RAZORPAY_KEY_ID) !== Boolean(e.RAZORPAY_KEY_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both (Razorpay) or neither (test gateway)',
    );
  }
  // Paths are read from the repository root, where `npm start` runs the server, so the
  // tools npm runs inside server/ (create-admin, seed) open the same database.
  const root = findRepoRoot() ?? process.cwd();
  const dataDir = path.resolve(root, e.DATA_DIR);
  const webDist = path.resolve(root, e.WEB_DIST ?? path.join('web', 'dist'));
  if (e.WEB_DIST && !fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new ConfigError(
      `Invalid configuration:\n  WEB_DIST: ${webDist} holds no built web app (no index.html); ` +
        'build it with npm run build, or unset WEB_DIST to serve web/dist',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // Without Razorpay keys the test gateway takes the payments: every order would be free goods.
  const looksLive = e.NODE_ENV === 'production' || publicUrl.startsWith('https://');
  if (looksLive && !e.RAZORPAY_KEY_ID && !e.ALLOW_TEST_PAYMENTS) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: required with NODE_ENV=production or an https:// PUBLIC_URL' +
        ' (without them the test gateway takes payments and no money moves; set ALLOW_TEST_PAYMENTS=1 to run so on purpose)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    failedLoginsPerAccountAndAddress: e.FAILED_LOGINS_PER_ACCOUNT_AND_ADDRESS,
    failedLoginsPerAccount: e.FAILED_LOGINS_PER_ACCOUNT,
    resetMailsPerAccountAndAddress: e.RESET_MAILS_PER_ACCOUNT_AND_ADDRESS,
    resetMailsPerAccount: e.RESET_MAILS_PER_ACCOUNT,
    passwordChangesPerAccount: e.PASSWORD_CHANGES_PER_ACCOUNT,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    webDist,
    webDistSet: Boolean(e.WEB_DIST),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    uploadDir: e.UPLOAD_DIR ? path.resolve(root, e.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiBase: e.RAZORPAY_API_BASE.replace(/\/+$/, ''),
          }
        : undefined,
    paymentTimeoutMs: e.PAYMENT_TIMEOUT_MS,
    checkoutTtlMs: e.CHECKOUT_TTL_MINUTES * 60_000,
    holds: {
      budgetMsPerHour: e.CHECKOUT_HOLD_MINUTES_PER_HOUR * 60_000,
      maxUnits: e.CHECKOUT_MAX_UNITS,
      maxUnitsPerAddress: e.CHECKOUT_MAX_UNITS_PER_ADDRESS,
      startsPerHour: e.CHECKOUT_STARTS_PER_HOUR,
      startsPerHourPerAddress: e.CHECKOUT_STARTS_PER_HOUR_PER_ADDRESS,
    },
    orderMailCopyToShipping: e.ORDER_MAIL_COPY_TO_SHIPPING,
    ownerEmail: e.OWNER_EMAIL,
  };
}

/** Razorpay's live keys take real money: such a shop gets no demo products to sell. */
export const takesRealMoney = (config: Pick<Config, 'razorpay'>): boolean =>
  config.razorpay?.keyId.startsWith('rzp_live_') ?? false;
