import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

describe('loggerOptions', () => {
  it("writes a quiet shop's line to standard output within seconds, while the process runs", async () => {
    // The production logger in a process of its own: it logs one line, says so on standard error, then waits.
    const logger = fileURLToPath(new URL('./request-log.ts', import.meta.url));
    const script = `
      const { default: Fastify } = await import('fastify');
      const { loggerOptions } = await import(${JSON.stringify(logger)});
      Fastify({ logger: loggerOptions('info') }).log.info('a quiet line');
      process.stderr.write('logged');
      setTimeout(() => {}, 20_000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    let [output, errors] = ['', ''];
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('\n')) resolve();
        });
        child.stderr.on('data', (chunk: Buffer) => {
          errors += chunk.toString();
          // Four times the flush period, counted from the line being logged.
          if (errors.includes('logged') && !timer)
            timer = setTimeout(() => reject(new Error('no line 4 s after logging it')), 4_000);
        });
        child.once('error', reject);
        child.once('exit', () => reject(new Error(`exited first: ${errors}`)));
      });
      expect(JSON.parse(output)).toMatchObject({ level: 30, msg: 'a quiet line' });
    } finally {
      clearTimeout(timer);
      child.kill('SIGKILL');
    }
  }, 20_000);
});
