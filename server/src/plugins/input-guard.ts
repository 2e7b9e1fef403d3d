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
 * treats it inconsistently, so no stored or searched text may carry one. Nor
 * an unpaired UTF-16 surrogate, which a JSON escape such as \ud800 can carry but no
 * UTF-8 can: SQLite would store its invalid bytes and PostgreSQL one U+FFFD,
 * each reading back something else than was sent. Both are refused once here
 * for every body and query string, with the field named; the same walk bounds
 * the size and depth of every body (above).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, reply, done) => {
    const found = inspect(request.body) ?? inspect(request.query);
    if (found === undefined) return done();
    if (found === TOO_COMPLEX) return sendError(reply, 400, serverMessages.bodyTooComplex);
    const field = found.path || 'body';
    sendError(reply, 400, found.nul ? messages.nulCharacter(field) : serverMessages.brokenCharacter(field));
  });
}

const TOO_COMPLEX = Symbol('too complex');

/** A surrogate the `u` flag sees alone: one half of a pair is read as part of its character. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Whether a text is one the databases cannot store as it is: NUL, or a lone surrogate. */
function unstorable(text: string): { nul: boolean } | undefined {
  if (text.includes('\0')) return { nul: true };
  if (LONE_SURROGATE.test(text)) return { nul: false };
  return undefined;
}

/** A value still to look at, with how it was reached (the path is only spelled out for a refused text). */
type Visit = { value: unknown; key: string; parent: Visit | undefined; depth: number };

/** The first refused text: its dotted path ('' for the whole body), and whether it held a NUL. */
type Found = { path: string; nul: boolean };

/**
 * The first string the databases cannot store (unstorable above), TOO_COMPLEX
 * for a value with more than MAX_BODY_VALUES values or deeper than
 * MAX_BODY_DEPTH, or undefined. Iterative, so no depth can overflow the stack.
 */
function inspect(root: unknown): Found | typeof TOO_COMPLEX | undefined {
  if (typeof root === 'string') {
    const bad = unstorable(root);
    return bad && { path: '', ...bad };
  }
  if (root === null || typeof root !== 'object') return undefined;
  const stack: Visit[] = [{ value: root, key: '', parent: undefined, depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      const bad = unstorable(value);
      if (bad) return { path: pathOf(visit), ...bad };
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
