import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './rate-limiter.js';

const MINUTE = 60_000;

function limiterAt(start = 1_000_000) {
  let now = start;
  const limiter = createMemoryRateLimiter(() => now);
  return { limiter, advance: (ms: number) => (now += ms) };
}

describe('memory rate limiter', () => {
  it('allows hits up to the limit and refuses the next one', async () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 3; i++) expect((await limiter.hit('k', 3, MINUTE)).allowed).toBe(true);
    expect((await limiter.hit('k', 3, MINUTE)).allowed).toBe(false);
  });

  it('tells how many seconds remain until the window ends', async () => {
    const { limiter, advance } = limiterAt();
    await limiter.hit('k', 1, MINUTE);
    advance(20_500);
    const result = await limiter.hit('k', 1, MINUTE);
    expect(result).toEqual({ allowed: false, retryAfterSeconds: 40 });
  });

  it('never asks to wait less than one second', async () => {
    const { limiter, advance } = limiterAt();
    await limiter.hit('k', 1, MINUTE);
    advance(MINUTE - 1);
    expect(await limiter.hit('k', 1, MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('allows again once the window has passed', async () => {
    const { limiter, advance } = limiterAt();
    await limiter.hit('k', 1, MINUTE);
    expect((await limiter.hit('k', 1, MINUTE)).allowed).toBe(false);
    advance(MINUTE);
    expect((await limiter.hit('k', 1, MINUTE)).allowed).toBe(true);
  });

  it('counts each key on its own', async () => {
    const { limiter } = limiterAt();
    await limiter.hit('a', 1, MINUTE);
    expect((await limiter.hit('a', 1, MINUTE)).allowed).toBe(false);
    expect((await limiter.hit('b', 1, MINUTE)).allowed).toBe(true);
  });

  it('forgets a key on reset', async () => {
    const { limiter } = limiterAt();
    await limiter.hit('k', 1, MINUTE);
    await limiter.reset('k');
    expect((await limiter.hit('k', 1, MINUTE)).allowed).toBe(true);
  });

  it('keeps counting a live window while sweeping expired ones', async () => {
    const { limiter, advance } = limiterAt();
    await limiter.hit('short', 1, 1000);
    await limiter.hit('long', 2, 10 * MINUTE);
    advance(2 * MINUTE);
    // This hit triggers a sweep: 'short' is gone, 'long' still has its first hit.
    expect((await limiter.hit('long', 2, 10 * MINUTE)).allowed).toBe(true);
    expect((await limiter.hit('long', 2, 10 * MINUTE)).allowed).toBe(false);
    expect((await limiter.hit('short', 1, 1000)).allowed).toBe(true);
  });
});
