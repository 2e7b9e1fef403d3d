import type { FastifySchemaCompiler } from 'fastify';
import { serverMessages } from '@shop/shared';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';

/** fastify-type-provider-zod's mark of its validation errors, which the error handler looks for. */
const ZOD_VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

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
 * fastify-type-provider-zod's validatorCompiler, with the fallback above for every request
 * schema: a schema's own messages still come first.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: fallbackMessage });
    if (result.success) return { value: result.data };
    return { error: result.error.issues.map(toValidationError) as unknown as Error };
  };

/** The shape the library gives each issue (errors.ts reads the path and the message). */
function toValidationError(issue: $ZodIssue) {
  return {
    [ZOD_VALIDATION_ERROR]: true,
    keyword: issue.code,
    instancePath: `/${issue.path.join('/')}`,
    schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
    message: issue.message,
    params: {},
  };
}
