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

  it('takes one hit back on giveBack, never below none, keeping the window', async () => {
    const { limiter, advance } = limiterAt();
    await limiter.hit('k', 2, MINUTE);
    await limiter.hit('k', 2, MINUTE);
    await limiter.giveBack('k');
    expect(await limiter.count('k')).toBe(1);
    await limiter.giveBack('k');
    await limiter.giveBack('k');
    await limiter.giveBack('never-hit');
    expect(await limiter.count('k')).toBe(0);
    expect(await limiter.count('never-hit')).toBe(0);
    advance(30_000);
    expect(await limiter.hit('k', 2, MINUTE)).toEqual({ allowed: true, retryAfterSeconds: 30 });
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

  it('answers how many hits the current window has counted', async () => {
    const { limiter, advance } = limiterAt();
    expect(await limiter.count('k')).toBe(0);
    await limiter.hit('k', 5, MINUTE);
    await limiter.hit('k', 5, MINUTE);
    expect(await limiter.count('k')).toBe(2);
    advance(MINUTE);
    expect(await limiter.count('k')).toBe(0);
  });

  it('holds a bounded number of counters however many keys it sees: expired first, then the oldest', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now, 100);
    await limiter.hit('live', 1, 60 * MINUTE);
    for (let i = 0; i < 50; i++) await limiter.hit(`brief-${i}`, 1, 1000);
    now = 2000;
    // The brief ones have expired: the sweep makes room without touching the live one.
    for (let i = 0; i < 99; i++) await limiter.hit(`new-${i}`, 1, MINUTE);
    expect((await limiter.hit('live', 1, 60 * MINUTE)).allowed).toBe(false);
    for (let i = 0; i < 100_000; i++) await limiter.hit(`flood-${i}`, 1, MINUTE);
    let kept = 0;
    for (let i = 0; i < 100_000; i++) kept += await limiter.count(`flood-${i}`);
    expect(kept).toBe(100);
    expect(await limiter.count('flood-99999')).toBe(1);
  });
});
