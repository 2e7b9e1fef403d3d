import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Reset tokens travel in the URL; they must never reach the logs. */
const redactUrl = (url: string) => url.replace(/(\/resetPassword\/)[^/?#]+/i, '$1[redacted]');

/**
 * What the log shows of a request (pino's `req` serializer), in every line that names it:
 * never its headers, so its cookie and authorization never reach the log.
 */
const requestForLog = (request: { method: string; url: string; ip?: string }) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

/** The status only: an answer's headers (a new session's cookie) never reach the log. */
const replyForLog = (reply: { statusCode: number }) => ({ statusCode: reply.statusCode });

/**
 * The shop's logger: JSON lines to standard output, or to `stream` (tests read them).
 * Standard output is written asynchronously, lines gathered while a write is under way, as
 * pino recommends for a busy server; pino writes what is left when the process exits.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    stream: stream ?? pino.destination({ dest: 1, sync: false }),
    serializers: { req: requestForLog, res: replyForLog },
  };
}

/**
 * The one line per request, logged when the answer is sent, in place of
 * Fastify's two (request logging off): what came, what went and how long it took.
 */
export function logRequestCompleted(request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
}
