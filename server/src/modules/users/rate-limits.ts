import type { FastifyRequest } from 'fastify';
import { messages, serverMessages } from '@shop/shared';
import type { AppContext } from '../../context.js';
import { addressKey } from '../../lib/client-address.js';
import { HttpError } from '../../lib/http-errors.js';

/**
 * Password guessing is throttled without handing a stranger the power to lock
 * the owner out. Each client address (an IPv6 /64) has its own budget of wrong
 * passwords per account; a slower budget per account bounds guessing spread
 * over many addresses, and the addresses the account has logged in from (or
 * reset its password from) are not held by it. A password reset clears the
 * account's budget. Reset mails are limited the same two ways.
 */
const MINUTE = 60_000;
const PAIR_WINDOW = 15 * MINUTE;
const ACCOUNT_WINDOW = 60 * MINUTE;
const RESET_WINDOW = 60 * MINUTE;
const PASSWORD_CHANGE_WINDOW = 15 * MINUTE;
/** How long an address that logged in to an account stays known to it. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;
const REGISTRATIONS_PER_EMAIL = 5;

/** A refusal's message, told how long the wait is. */
type Refusal = string | ((retryAfterSeconds: number) => string);

async function enforce(ctx: AppContext, key: string, limit: number, windowMs: number, message: Refusal) {
  const result = await ctx.limiter.hit(key, limit, windowMs);
  if (!result.allowed) {
    const text = typeof message === 'string' ? message : message(result.retryAfterSeconds);
    throw new HttpError(429, text, { 'retry-after': String(result.retryAfterSeconds) });
  }
}

/** For the hourly limits: "wait a little" would send a customer back within the hour, to be refused again. */
const waitInMinutes = (retryAfterSeconds: number) =>
  serverMessages.tooManyRequestsFor(Math.max(1, Math.ceil(retryAfterSeconds / 60)));

/** The request's client address as the limits count it (lib/client-address.ts). */
export const clientOf = (request: FastifyRequest) => addressKey(request.ip);

/** Every request that may hash or check a password shares one budget per client address. */
export function limitAuthByAddress(ctx: AppContext, request: FastifyRequest) {
  return enforce(
    ctx,
    `auth-ip:${clientOf(request)}`,
    ctx.config.authRateLimitPerMinute,
    MINUTE,
    messages.tooManyRequests,
  );
}

const knownKey = (email: string, client: string) => `known:${email}:${client}`;

async function isKnown(ctx: AppContext, email: string, client: string): Promise<boolean> {
  return (await ctx.limiter.count(knownKey(email, client))) > 0;
}

/** Remembers that this address proved it holds the account (a login or a reset from it). */
async function rememberAddress(ctx: AppContext, email: string, client: string) {
  if (!(await isKnown(ctx, email, client)))
    await ctx.limiter.hit(knownKey(email, client), Number.MAX_SAFE_INTEGER, KNOWN_ADDRESS_MS);
}

/**
 * Counts a login attempt on an account before its password is checked: the
 * address's own budget first (its 429 leaves the account's budget alone, so
 * one address can never spend it), then the account's, which a known address
 * does not use. Answers whether the account's was spent.
 */
export async function limitPasswordGuesses(ctx: AppContext, email: string, client: string) {
  await enforce(
    ctx,
    `login:${email}:${client}`,
    ctx.config.failedLoginsPerAccountAndAddress,
    PAIR_WINDOW,
    messages.tooManyFailedLogins,
  );
  if (await isKnown(ctx, email, client)) return { spentAccountBudget: false };
  await enforce(
    ctx,
    `login-account:${email}`,
    ctx.config.failedLoginsPerAccount,
    ACCOUNT_WINDOW,
    serverMessages.accountLoginsPaused,
  );
  return { spentAccountBudget: true };
}

/**
 * A right password: this address starts afresh on the account and is known to it from now on.
 * The account's budget gets back the attempt this login spent (a customer on ever-changing mobile
 * addresses is not counted as guessing), but keeps the wrong ones: a stranger's guesses stay
 * counted however often the owner logs in.
 */
export async function passwordGuessed(
  ctx: AppContext,
  email: string,
  client: string,
  { spentAccountBudget }: { spentAccountBudget: boolean },
) {
  await ctx.limiter.reset(`login:${email}:${client}`);
  if (spentAccountBudget) await ctx.limiter.giveBack(`login-account:${email}`);
  await rememberAddress(ctx, email, client);
}

/** A completed reset: the account's lock is lifted, and the address it came from is known. */
export async function accountRecovered(ctx: AppContext, email: string, client: string) {
  await Promise.all([
    ctx.limiter.reset(`login-account:${email}`),
    ctx.limiter.reset(`login:${email}:${client}`),
  ]);
  await rememberAddress(ctx, email, client);
}

/** Reset mails per account from one address, and from everywhere but the account's known addresses. */
export async function limitResetRequests(ctx: AppContext, email: string, client: string) {
  await enforce(
    ctx,
    `reset:${email}:${client}`,
    ctx.config.resetMailsPerAccountAndAddress,
    RESET_WINDOW,
    waitInMinutes,
  );
  if (await isKnown(ctx, email, client)) return;
  await enforce(ctx, `reset-account:${email}`, ctx.config.resetMailsPerAccount, RESET_WINDOW, waitInMinutes);
}

/**
 * Passwords checked or set on one account by someone holding its session or a
 * reset link (a profile change, a reset, deleting the account), each an argon2
 * hash: a stolen session must not become a way to guess the password.
 */
export function limitPasswordAttempts(ctx: AppContext, userId: string) {
  return enforce(
    ctx,
    `password-change:${userId}`,
    ctx.config.passwordChangesPerAccount,
    PASSWORD_CHANGE_WINDOW,
    serverMessages.tooManyPasswordAttempts,
  );
}

/** Sign-ups of one email, each an argon2 hash until the account exists. */
export function limitRegistrations(ctx: AppContext, email: string) {
  return enforce(ctx, `register:${email}`, REGISTRATIONS_PER_EMAIL, RESET_WINDOW, waitInMinutes);
}
