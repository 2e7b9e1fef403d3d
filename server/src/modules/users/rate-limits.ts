import type { FastifyRequest } from 'fastify';
import { messages } from '@shop/shared';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../lib/http-errors.js';

const MINUTE = 60_000;
const FAILED_LOGIN_WINDOW = 15 * MINUTE;
const RESET_REQUESTS_PER_ACCOUNT = 5;
const RESET_WINDOW = 60 * MINUTE;

async function enforce(ctx: AppContext, key: string, limit: number, windowMs: number, message: string) {
  const result = await ctx.limiter.hit(key, limit, windowMs);
  if (!result.allowed) {
    throw new HttpError(429, message, { 'retry-after': String(result.retryAfterSeconds) });
  }
}

/** Login, register, forgot and reset share one budget per client address. */
export function limitAuthByAddress(ctx: AppContext, request: FastifyRequest) {
  return enforce(
    ctx,
    `auth-ip:${request.ip}`,
    ctx.config.authRateLimitPerMinute,
    MINUTE,
    messages.tooManyRequests,
  );
}

/** Password guesses per account, whichever address they come from. */
export function limitPasswordGuesses(ctx: AppContext, email: string) {
  return enforce(
    ctx,
    `login-account:${email}`,
    ctx.config.failedLoginsPerAccount,
    FAILED_LOGIN_WINDOW,
    messages.tooManyFailedLogins,
  );
}

export function forgetPasswordGuesses(ctx: AppContext, email: string) {
  return ctx.limiter.reset(`login-account:${email}`);
}

/** Reset mails per account, so nobody can flood an inbox. */
export function limitResetRequests(ctx: AppContext, email: string) {
  return enforce(
    ctx,
    `reset-account:${email}`,
    RESET_REQUESTS_PER_ACCOUNT,
    RESET_WINDOW,
    messages.tooManyRequests,
  );
}
