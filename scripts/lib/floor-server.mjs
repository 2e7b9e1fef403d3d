// The stack's floor, beside the node:http ceiling in npm run bench: Fastify 5 (the
// server the shop is built on) answering the product page's bytes from memory, with
// none of the shop's own work, in one of three steps that each add what every shop
// answer needs whatever the code does:
//   bare     a Fastify route;
//   session  + the shop's response headers (taken from its real product page answer),
//              the cookie plugin and the session looked up in a Map;
//   logged   + the shop's one log line per request, with its logger settings
//              (server/src/lib/request-log.ts), to standard output; the bench sends
//              it to a file, as it does the shop's.
// So the bench shows how much of the ceiling is left for the shop's work at each step.
// Run by scripts/bench.mjs: node --import tsx floor-server.mjs <step> <port> (tsx: it
// loads the shop's log code from its TypeScript source), the body in BODY
// (base64), the headers in HEADERS (JSON), the session cookie's value in SESSION;
// it says 'ready' over IPC.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRequire = createRequire(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/package.json'),
);
const Fastify = serverRequire('fastify');
const { loggerOptions, logRequestCompleted } = await import('../../server/src/lib/request-log.ts');
const cookie = serverRequire('@fastify/cookie');

const [step, port] = process.argv.slice(2);
// A string, as the shop sends its product page.
const body = Buffer.from(process.env.BODY ?? '', 'base64').toString();
const headers = JSON.parse(process.env.HEADERS ?? '{}');
const sessions = new Map([[process.env.SESSION ?? '', { id: 'shopper' }]]);

const app = Fastify({
  // The shop's logger settings (server/src/app.ts), with its one line per request.
  logger: step === 'logged' ? loggerOptions('info') : false,
  genReqId: () => randomUUID(),
  // The line below instead of Fastify's own two, as the shop does.
  logController: new Fastify.LogController({ disableRequestLogging: true }),
});
if (step !== 'bare') {
  await app.register(cookie);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers).header('x-request-id', request.id);
    request.user = sessions.get(request.cookies.sid);
    done();
  });
}
if (step === 'logged') {
  app.addHook('onResponse', (request, reply, done) => {
    logRequestCompleted(request, reply);
    done();
  });
}
app.get('/*', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
// Exit, not die, on a signal, so --cpu-prof can write its profile.
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
process.send?.('ready');
