import { describe, expect, it } from 'vitest';
import { createPacer } from './pacer.js';

/**
 * A simulated clock: the work advances it `stepMs` between pauses, and each
 * yield to the requests advances it by what they take (`turnMs`).
 */
function simulate({ workMs, stepMs, turnMs }: { workMs: number; stepMs: number; turnMs: number }) {
  let clock = 0;
  const yieldsAt: number[] = [];
  const pause = createPacer(
    () => clock,
    async () => {
      yieldsAt.push(clock);
      clock += turnMs;
    },
    { minSliceMs: 15, maxSliceMs: 500 },
  );
  return {
    async run() {
      for (let done = 0; done < workMs; done += stepMs) {
        clock += stepMs;
        await pause();
      }
      return { elapsedMs: clock, yieldsAt };
    },
  };
}

describe('createPacer', () => {
  it('lets requests in every slice of work when they take no time (an idle shop)', async () => {
    const { yieldsAt } = await simulate({ workMs: 60, stepMs: 5, turnMs: 0 }).run();
    expect(yieldsAt).toEqual([15, 30, 45, 60]);
  });

  it('after a long wait, works as long as it waited before letting requests in again', async () => {
    const { yieldsAt } = await simulate({ workMs: 700, stepMs: 5, turnMs: 300 }).run();
    // Work 15 ms, wait 300 (until 315), work 300 (until 615), wait 300, and so on.
    expect(yieldsAt.slice(0, 3)).toEqual([15, 615, 1215]);
  });

  it('ends saturated work within about twice its time while the requests take under a slice', async () => {
    for (const turnMs of [50, 300, 500]) {
      const { elapsedMs, yieldsAt } = await simulate({ workMs: 1200, stepMs: 5, turnMs }).run();
      expect(elapsedMs).toBeLessThanOrEqual(2 * 1200 + turnMs);
      expect(yieldsAt.length).toBeGreaterThan(0);
    }
  });

  it('never keeps the requests waiting longer than the longest slice, however long they took', async () => {
    const turnMs = 2000;
    const { yieldsAt } = await simulate({ workMs: 3000, stepMs: 5, turnMs }).run();
    const slices = yieldsAt.slice(1).map((at, i) => at - (yieldsAt[i]! + turnMs));
    expect(slices.length).toBeGreaterThan(3);
    expect(Math.max(...slices)).toBe(500);
  });
});
