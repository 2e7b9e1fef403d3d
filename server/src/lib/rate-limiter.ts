/**
 * Counts hits per key in fixed windows. Kept behind this small interface so a
 * shared store (Redis) can replace the in-process one when the shop runs on
 * more than one machine.
 */
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

export type RateLimiter = {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** The hits counted in the key's current window (0 when it has none). */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes one hit back from the key's current window: a request counted first that proved it need not count. */
  giveBack(key: string): Promise<void>;
};

/**
 * The in-process store holds at most this many counters: one per client
 * address, and per account and address, seen within the windows. Past it the
 * expired go first, then the oldest (a shop that sees more addresses than
 * this in an hour keeps its limits in Redis: REDIS_URL).
 */
export const MAX_COUNTERS = 100_000;

export function createMemoryRateLimiter(now: () => number, maxCounters = MAX_COUNTERS): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  function sweep(t: number) {
    lastSweep = t;
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }

  /** Room for one more counter: a full store sweeps at most once a second, then drops its oldest. */
  function makeRoom(t: number) {
    if (t - lastSweep >= 60_000 || (windows.size >= maxCounters && t - lastSweep >= 1000)) sweep(t);
    while (windows.size >= maxCounters) windows.delete(windows.keys().next().value!);
  }

  return {
    async hit(key, limit, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        windows.delete(key);
        makeRoom(t);
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
    async count(key) {
      const w = windows.get(key);
      return w && w.resetAt > now() ? w.count : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async giveBack(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
  };
}
