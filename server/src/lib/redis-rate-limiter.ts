import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter } from './rate-limiter.js';

/**
 * INCR and set the window's expiry in one step, answering the count and the
 * time left: every instance of the shop counts against the same numbers.
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }
`;

/** DECR, never below 0 nor on a key whose window has ended; DECR keeps the window's expiry. */
const GIVE_BACK = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * Rate limits kept in Redis (REDIS_URL), shared by every instance. If Redis
 * stops answering, requests are let through and the failure is logged: a
 * cache outage must not lock every customer out of logging in.
 */
export function createRedisRateLimiter(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
): RateLimiter & { close(): Promise<void> } {
  // Commands wait for the connection, but never longer than a second.
  // Loaded only when REDIS_URL is set: a single instance keeps its memory.
  const { Redis } = createRequire(import.meta.url)('ioredis') as typeof IoRedis;
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
  redis.on('error', (error) => log.warn({ err: error }, 'redis error'));
  return {
    async hit(key, limit, windowMs) {
      try {
        const [count, ttl] = (await redis.eval(HIT, 1, `${prefix}${key}`, String(windowMs))) as [
          number,
          number,
        ];
        return {
          allowed: count <= limit,
          retryAfterSeconds: Math.max(1, Math.ceil(Math.max(ttl, 0) / 1000)),
        };
      } catch (error) {
        log.error({ err: error }, 'rate limit store unavailable; letting the request through');
        return { allowed: true, retryAfterSeconds: 1 };
      }
    },
    async count(key) {
      try {
        return Number((await redis.get(`${prefix}${key}`)) ?? 0);
      } catch (error) {
        log.error({ err: error }, 'rate limit store unavailable; counting nothing');
        return 0;
      }
    },
    async reset(key) {
      await redis
        .del(`${prefix}${key}`)
        .catch((error: unknown) => log.error({ err: error }, 'rate limit reset failed'));
    },
    async giveBack(key) {
      await redis
        .eval(GIVE_BACK, 1, `${prefix}${key}`)
        .catch((error: unknown) => log.error({ err: error }, 'rate limit give-back failed'));
    },
    async close() {
      redis.disconnect();
    },
  };
}
