/** Time comes from here so tests can move it (session expiry, reset tokens). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export function isoIn(clock: Clock, ms: number): string {
  return new Date(clock.now().getTime() + ms).toISOString();
}
