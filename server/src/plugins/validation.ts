import { serverMessages } from '@shop/shared';
import { z } from 'zod';

/**
 * The message of an issue its schema gave none: the field named in the shop's words. Without it
 * zod's own English ("Invalid input: expected string, received null") would reach the client
 * from any schema that left a type or a bound without a message.
 */
function fallbackMessage(issue: { path?: PropertyKey[]; input?: unknown }): string {
  const field = (issue.path ?? []).map(String).join('.') || 'body';
  return issue.input === undefined ? serverMessages.fieldMissing(field) : serverMessages.fieldNotValid(field);
}

/**
 * Makes the fallback zod's for this process: a schema's own messages still come first (zod asks
 * the schema, then this). The server's requests are checked by fastify-type-provider-zod with it.
 */
export function useShopMessages(): void {
  z.config({ customError: fallbackMessage });
}
