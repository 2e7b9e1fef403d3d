import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { logRequestCompleted, requestForLog } from './request-log.js';

/**
 * A Fastify app whose every request is logged twice: by pino, as the shop logged
 * it before, and by logRequestCompleted. The two lines must be the same JSON.
 */
async function appLoggingTwice(level = 'info') {
  const lines: string[] = [];
  const app = Fastify({
    logger: {
      level,
      stream: { write: (line: string) => void lines.push(line) },
      serializers: { req: requestForLog },
    },
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    logRequestCompleted(request, reply);
    done();
  });
  app.get('/*', (_request, reply) => reply.code(201).send('ok'));
  await app.ready();
  return { app, lines };
}

/** The time is read twice, a moment apart; everything else must match to the byte. */
const withoutTime = (line: string) => line.replace(/"time":\d+,/, '"time":0,');

describe('logRequestCompleted', () => {
  it("writes pino's very line: level, time, pid, hostname, request id, request, status, time taken", async () => {
    const { app, lines } = await appLoggingTwice();
    // A quote reaches the server escaped; a backslash as it is.
    await app.inject({ method: 'GET', url: '/api/get-products?search=caf%C3%A9&q="\\' });
    await app.inject({ method: 'GET', url: '/resetPassword/secret-token-123?x=1' });
    await app.close();

    expect(lines).toHaveLength(4);
    expect(withoutTime(lines[1]!)).toBe(withoutTime(lines[0]!));
    expect(withoutTime(lines[3]!)).toBe(withoutTime(lines[2]!));
    const line = JSON.parse(lines[1]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 30,
      pid: process.pid,
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/get-products?search=caf%C3%A9&q=%22\\', remoteAddress: '127.0.0.1' },
      res: { statusCode: 201 },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(lines[3]).toContain('"url":"/resetPassword/[redacted]?x=1"');
    expect(lines[3]).not.toContain('secret-token-123');
  });

  it('writes nothing when the log level is above info', async () => {
    const { app, lines } = await appLoggingTwice('warn');
    await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(lines).toEqual([]);
  });
});
