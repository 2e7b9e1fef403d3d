// Requests at a stated rate, evenly spaced (an open loop), for a p99 below saturation. autocannon's
// own rate sends each second's requests in one burst at its start, and corrects for coordinated
// omission with the wrong unit, so its latencies at a rate are a queue's, not a shopper's wait.
// Each request's time here counts from when it was due, so a slow answer still counts in full
// for the requests queued behind it.
import http from 'node:http';
import { sleep } from './bench-shop.mjs';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * `rate` requests a second for `seconds`, over at most `connections` kept-alive connections, the
 * `i`th to `pathOf(i)`. Resolves with the rate reached, p50 and p99 in whole ms, and failures.
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
      const request = http.get(`${origin}${pathOf(i)}`, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          statuses.add(response.statusCode);
          if (response.statusCode !== 200) failures += 1;
          latencies.push(performance.now() - dueAt(i));
          resolve();
        });
      });
      request.on('error', () => {
        failures += 1;
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
    rps: latencies.length / elapsed,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    failures,
    statuses: [...statuses].join(','),
    requests: latencies.length,
  };
}
