import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, type ApiIssue } from '@shop/shared';
import { isDatabaseUnavailable } from '../db/index.js';
import { HttpError, sendError } from '../lib/http-errors.js';
import { isApiPath } from '../lib/api-path.js';
import { JSON_ANSWER_HEADERS } from './security.js';
import { sendPage, type PageHtml } from './web.js';

/** One error shape for the whole API: the message as a JSON string (lib/http-errors.ts). 5xx answers hide internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return sendError(reply.headers(error.headers), error.statusCode, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ApiIssue[] = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? messages.invalidRequest,
      }));
      const first = issues.find((i) => i.path !== '') ?? issues[0];
      const message =
        first && first.path !== '' ? first.message : `${messages.invalidRequest}: ${where(error)}`;
      return sendError(reply, 400, message, issues);
    }
    // A client that closes the socket mid-body ends the read with ECONNRESET, the
    // code a lost database connection also has: it is the client's doing, not ours.
    if (request.raw.readableAborted) {
      request.log.info({ code: error.code }, 'the client closed the connection before its request arrived');
      return sendError(reply, 400, messages.invalidRequest);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(reply.header('retry-after', '5'), 503, messages.databaseUnavailable);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, messages.internalError);
    }
    return sendError(reply, status, clientMessage(error));
  });
}

/**
 * The router answers a malformed or overlong URL (e.g. a mangled reset link)
 * before any hook or the error handler runs; this keeps those in our shape too.
 */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  // The security hook has not run: a JSON error needs no more than the API's set.
  void sendError(reply.headers(JSON_ANSWER_HEADERS), error.statusCode ?? 400, messages.invalidRequest);
}

/**
 * Node refuses a request it cannot parse (headers over its limit, a broken
 * request line, a body that never arrives) before Fastify sees it; this
 * answers those in our shape too, on the bare socket.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, messages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, messages.requestTimedOut]
        : [400, messages.invalidRequest];
  const body = JSON.stringify(message);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function where(error: FastifyError): string {
  const context = (error as { validationContext?: string }).validationContext;
  return context ? `the ${context} is missing or not an object` : 'it is missing or not an object';
}

/** Fastify's own 4xx errors, worded for people. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return messages.invalidJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return messages.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return messages.unsupportedMediaType;
    default:
      return error.message || messages.invalidRequest;
  }
}

/**
 * Unknown API routes and files answer 404 with a message. With the web app
 * built, any other GET is a client-side route: it gets index.html.
 */
export function registerNotFound(app: FastifyInstance, pageHtml: PageHtml | null): void {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (pageHtml && isPageRequest && !isApiPath(url) && !path.extname(url)) {
      return sendPage(pageHtml, request, reply);
    }
    return sendError(reply, 404, messages.routeNotFound(request.method, url));
  });
}
