import type { FastifyReply, FastifyRequest } from 'fastify';

/** Reset tokens travel in the URL; they must never reach the logs. */
const redactUrl = (url: string) => url.replace(/(\/resetPassword\/)[^/?#]+/i, '$1[redacted]');

/** What the log shows of a request (pino's `req` serializer), in every line that names it. */
export const requestForLog = (request: { method: string; url: string; ip?: string }) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});

/**
 * The one line per request, logged when the answer is sent, in place of
 * Fastify's two (request logging off): what came, what went and how long it took.
 */
export function logRequestCompleted(request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
}
