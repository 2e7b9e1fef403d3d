// Idle, work in slices lets requests in about this often.
const MIN_SLICE_MS = 15;
// The longest the requests wait for one slice, however long they took.
const MAX_SLICE_MS = 500;

/**
 * Pauses for long work done in slices beside the requests (a search index
 * build). A pause lets the requests in (`yieldTurn`) only once the work has
 * run a slice, and a slice lasts as long as the last wait did, from
 * `minSliceMs` up to `maxSliceMs`. Idle, that is a pause every few ms of
 * work. Under saturation one turn of the event loop serves every waiting
 * request, hundreds of ms of them; pausing as often as when idle then starves
 * the work. This way, while the requests take under `maxSliceMs` a turn, the
 * work gets at least half the time and ends within about twice its idle time.
 */
export function createPacer(
  now: () => number,
  yieldTurn: () => Promise<void>,
  { minSliceMs = MIN_SLICE_MS, maxSliceMs = MAX_SLICE_MS } = {},
): () => Promise<void> {
  let sliceEndsAt = now() + minSliceMs;
  return async () => {
    if (now() < sliceEndsAt) return;
    const waitFrom = now();
    await yieldTurn();
    const resumedAt = now();
    const waited = resumedAt - waitFrom;
    sliceEndsAt = resumedAt + Math.min(maxSliceMs, Math.max(minSliceMs, waited));
  };
}
