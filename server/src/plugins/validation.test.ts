import { serverMessages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { useShopMessages } from './validation.js';

useShopMessages();

const validate = (schema: z.ZodType, data: unknown) =>
  validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' } as never)(data) as {
    value?: unknown;
    error?: { instancePath: string; message: string }[];
  };

describe('request validation', () => {
  const schema = z.object({
    own: z.string({ error: 'Own message' }).max(3),
    plain: z.object({ town: z.string().max(3) }).optional(),
    flag: z.boolean().optional(),
  });

  it("names the field in the shop's words where a schema gave no message of its own", () => {
    expect(validate(schema, { own: 'a', plain: { town: null } }).error).toEqual([
      expect.objectContaining({
        instancePath: '/plain/town',
        message: serverMessages.fieldNotValid('plain.town'),
      }),
    ]);
    expect(validate(schema, { own: 'a', plain: {} }).error?.[0]?.message).toBe(
      serverMessages.fieldMissing('plain.town'),
    );
    expect(validate(schema, { own: 'a', flag: 'yes' }).error?.[0]?.message).toBe(
      serverMessages.fieldNotValid('flag'),
    );
    expect(validate(schema, { own: 'a', plain: { town: 'Pune' } }).error?.[0]?.message).toBe(
      serverMessages.fieldNotValid('plain.town'),
    );
  });

  it("keeps a schema's own message first, for its checks too", () => {
    expect(validate(schema, { own: null }).error?.[0]?.message).toBe('Own message');
    expect(validate(schema, { own: 'abcd' }).error?.[0]?.message).toBe('Own message');
    expect(validate(schema, { own: 'abc' })).toEqual({ value: { own: 'abc' } });
  });
});
