// Requests at a stated rate, evenly spaced, each timed from when it was due, so a slow answer counts
// in full for those queued behind it. (autocannon's rate sends each second's requests in one burst.)
import http from 'node:http';
import { sleep } from './bench-shop.mjs';
import { percentile } from './percentile.mjs';

// As autocannon's default: an answer this late is a failure.
const TIMEOUT_MS = 10_000;

/**
 * `rate` requests a second for `seconds`, over at most `connections` kept-alive connections, the
 * `i`th to `pathOf(i)`. Resolves with the rate answered, p50 and p99 in whole ms, and failures.
 */
export async function steadyLoad({ origin, headers, pathOf, rate, seconds, connections }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const count = rate * seconds;
  const latencies = [];
  const statuses = new Set();
  let failures = 0;
  const start = performance.now();
  const dueAt = (i) => start + (i * 1000) / rate;
  const send = (i) =>
    new Promise((resolve) => {
      let answered = false;
      const request = http.get(`${origin}${pathOf(i)}`, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          answered = response.statusCode === 200;
          statuses.add(response.statusCode);
          latencies.push(performance.now() - dueAt(i));
        });
      });
      request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error('timed out')));
      request.on('error', () => {});
      // 'close' comes last whatever happened: an answer, an error, a reset mid-answer or a timeout.
      request.on('close', () => {
        if (!answered) failures += 1;
        resolve();
      });
    });
  const sent = [];
  while (sent.length < count) {
    while (sent.length < count && dueAt(sent.length) <= performance.now()) sent.push(send(sent.length));
    await sleep(1);
  }
  await Promise.all(sent);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: (count - failures) / elapsed,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    failures,
    statuses: [...statuses].join(','),
    requests: latencies.length,
  };
}
