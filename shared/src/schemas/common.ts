import { z } from 'zod';

/**
 * The one error shape of the API: the body is the message itself, a JSON
 * string (the spec's client shows `response.data`). Field-level issues, when
 * a body was refused, are in the X-Error-Issues header (decisions/0024).
 */
export const errorSchema = z.string().describe('The message');

/** What the ERROR_ISSUES_HEADER holds, URI-encoded JSON. */
export type ApiIssue = { path: string; message: string };

export const messageSchema = z.object({ message: z.string() });
/** A success answer whose body is the message itself, a JSON string. */
export const bareMessageSchema = z.string().describe('The message');
