/**
 * Runs at most `max` tasks at once; the rest wait their turn, first come
 * first served. A task that fails gives its slot back like one that succeeds.
 */
export function createConcurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
