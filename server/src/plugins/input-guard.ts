import type { FastifyInstance } from 'fastify';
import { messages, serverMessages } from '@shop/shared';
import { sendError } from '../lib/http-errors.js';

/**
 * No form of the shop sends more than a few dozen values (a Razorpay webhook
 * about two hundred), nor nests them more than a few levels deep. A body past
 * either bound is refused as soon as the walk below meets it, so a body of
 * hundreds of thousands of tiny values costs this a bounded walk, not a pass
 * over all of it, and never reaches the schemas.
 */
export const MAX_BODY_VALUES = 2000;
export const MAX_BODY_DEPTH = 32;

/**
 * PostgreSQL text cannot hold a NUL character (the query fails) and SQLite
 * treats it inconsistently, so no stored or searched text may carry one.
 * Refused once here for every body and query string, with the field named;
 * the same walk bounds the size and depth of every body (above).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, reply, done) => {
    const found = inspect(request.body) ?? inspect(request.query);
    if (found === undefined) return done();
    if (found === TOO_COMPLEX) return sendError(reply, 400, serverMessages.bodyTooComplex);
    sendError(reply, 400, messages.nulCharacter(found || 'body'));
  });
}

const TOO_COMPLEX = Symbol('too complex');

/** A value still to look at, with how it was reached (the path is only spelled out for a NUL). */
type Visit = { value: unknown; key: string; parent: Visit | undefined; depth: number };

/**
 * The dotted path of the first string holding a NUL, TOO_COMPLEX for a value
 * with more than MAX_BODY_VALUES values or deeper than MAX_BODY_DEPTH, or
 * undefined. Iterative, so no depth can overflow the stack.
 */
function inspect(root: unknown): string | typeof TOO_COMPLEX | undefined {
  if (typeof root === 'string') return root.includes('\0') ? '' : undefined;
  if (root === null || typeof root !== 'object') return undefined;
  const stack: Visit[] = [{ value: root, key: '', parent: undefined, depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\0')) return pathOf(visit);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (visit.depth >= MAX_BODY_DEPTH) return TOO_COMPLEX;
    // Counted before any is looked at; pushed last first, so fields are read in order.
    const depth = visit.depth + 1;
    if (Array.isArray(value)) {
      seen += value.length;
      if (seen > MAX_BODY_VALUES) return TOO_COMPLEX;
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: String(i), parent: visit, depth });
      continue;
    }
    const keys = Object.keys(value);
    seen += keys.length;
    if (seen > MAX_BODY_VALUES) return TOO_COMPLEX;
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push({ value: (value as Record<string, unknown>)[key], key, parent: visit, depth });
    }
  }
  return undefined;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}
