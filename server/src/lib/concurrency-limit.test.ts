import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createConcurrencyLimit', () => {
  it('runs at most max tasks at once and starts the waiting ones in order', async () => {
    const limited = createConcurrencyLimit(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = gates.map((gate, i) =>
      limited(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
  });

  it('gives the slot back when a task fails', async () => {
    const limited = createConcurrencyLimit(1);
    const failing = limited(() => Promise.reject(new Error('boom')));
    const next = limited(async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('ran');
    expect(await limited(async () => 'and again')).toBe('and again');
  });
});
