import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, logRequestCompleted } from './request-log.js';

/** A Fastify app logging as the shop does (server/src/app.ts), its lines kept. */
async function appLogging(level = 'info') {
  const lines: string[] = [];
  const app = Fastify({
    logger: loggerOptions(level, { write: (line: string) => void lines.push(line) }),
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', (request, reply, done) => {
    logRequestCompleted(request, reply);
    done();
  });
  app.get('/login', (_request, reply) => reply.header('set-cookie', 'sid=answer-secret').send('ok'));
  app.get('/*', (_request, reply) => reply.code(201).send('ok'));
  await app.ready();
  return { app, lines };
}

describe('logRequestCompleted', () => {
  it('writes one line per request: request id, request, status, time taken; never a reset token', async () => {
    const { app, lines } = await appLogging();
    await app.inject({ method: 'GET', url: '/api/get-products?search=caf%C3%A9' });
    await app.inject({ method: 'GET', url: '/resetPassword/secret-token-123?x=1' });
    await app.close();

    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 30,
      pid: process.pid,
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/get-products?search=caf%C3%A9', remoteAddress: '127.0.0.1' },
      res: { statusCode: 201 },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(lines[1]).toContain('"url":"/resetPassword/[redacted]?x=1"');
    expect(lines[1]).not.toContain('secret-token-123');
  });

  it("never writes a request's cookie or authorization, nor an answer's new cookie", async () => {
    const { app, lines } = await appLogging();
    app.log.error({ req: { method: 'GET', url: '/x', headers: { cookie: 'sid=logged-secret' } } }, 'failed');
    await app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: 'sid=cookie-secret', authorization: 'Bearer auth-secret' },
    });
    await app.close();

    expect(lines).toHaveLength(2);
    for (const secret of ['logged-secret', 'cookie-secret', 'auth-secret', 'answer-secret'])
      expect(lines.join('')).not.toContain(secret);
  });

  it('writes nothing when the log level is above info', async () => {
    const { app, lines } = await appLogging('warn');
    await app.inject({ method: 'GET', url: '/' });
    await app.close();
    expect(lines).toEqual([]);
  });
});
