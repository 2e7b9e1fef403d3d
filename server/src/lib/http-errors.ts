import { ERROR_ISSUES_HEADER, type ApiIssue } from '@shop/shared';
import type { FastifyReply } from 'fastify';

/** An error that is meant for the client: its status and message are answered as they are. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Epic Stack's invariantResponse: one line instead of an if and a throw. */
export function invariant(condition: unknown, status: number, message: string): asserts condition {
  if (!condition) throw new HttpError(status, message);
}

/** A body with thousands of wrong fields still gets a header of bounded size. */
const MAX_ISSUES_SENT = 20;

/**
 * Every error answer of the API: the body is the message itself as a JSON
 * string, which is what the spec's client shows (`response.data`). Field-level
 * issues, for forms, ride in a header as URI-encoded JSON so the body stays
 * the bare message.
 */
export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  issues?: ApiIssue[],
): FastifyReply {
  if (issues && issues.length > 0) {
    reply.header(ERROR_ISSUES_HEADER, encodeURIComponent(JSON.stringify(issues.slice(0, MAX_ISSUES_SENT))));
  }
  return sendMessage(reply, status, message);
}

/**
 * An answer whose body is a message (or a name) as a JSON string, as the spec
 * words it: "data is a message". Fastify would send a returned string as
 * text/plain, so it is serialized here and sent with the JSON type.
 */
export function sendMessage(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(message));
}
