import { describe, expect, it } from 'vitest';
import { loginFormSchema, productSearchSchema } from './mini.js';
import { productQuerySchema } from './product.js';
import { loginSchema } from './user.js';

type Parser = {
  safeParse: (v: unknown) => {
    success: boolean;
    data?: unknown;
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
  };
};

/** What a form or the API sees of a parse: the data, or each issue's path and message. */
function outcome(schema: Parser, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data };
  return { issues: result.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
}

const long = (n: number) => 'a'.repeat(n);

describe('zod/mini twins give the same answers as the originals', () => {
  const logins: unknown[] = [
    { email: 'Someone@Example.com', password: 'secret' },
    { email: '  padded@example.com  ', password: ' spaced ' },
    { email: '', password: '' },
    { email: '   ', password: 'x' },
    { email: '\u200b\u200f', password: 'x' },
    { email: 'a@b.c' },
    {},
    { email: 42, password: null },
    { email: `${long(250)}@x.in`, password: long(129) },
    null,
  ];
  it.each(logins)('loginFormSchema like loginSchema: %j', (value) => {
    expect(outcome(loginFormSchema, value)).toEqual(outcome(loginSchema, value));
  });

  const shape = productQuerySchema.shape;
  const search = productSearchSchema.shape;
  const searches: Array<[keyof typeof search, unknown]> = [
    ['q', undefined],
    ['q', '  phone '],
    ['q', long(101)],
    ['q', ` ${long(100)} `],
    ['q', ['phone', 'case']],
    ['category', 'games'],
    ['category', 'all'],
    ['category', 'toys'],
    ['sort', 'htl'],
    ['sort', 'cheap'],
    ['page', '3'],
    ['page', '0'],
    ['page', '1.5'],
    ['page', 'two'],
    ['page', '100001'],
    ['page', undefined],
  ];
  it.each(searches)('productSearchSchema.%s like productQuerySchema: %j', (key, value) => {
    expect(outcome(search[key], value)).toEqual(outcome(shape[key], value));
  });

  it('productSearchSchema like productQuerySchema on a whole search', () => {
    const value = { q: ' tv ', category: 'electronics', sort: 'lth', page: '2' };
    expect(outcome(productSearchSchema, value)).toEqual(outcome(productQuerySchema, value));
    const bad = { q: long(101), category: 'x', sort: 'y', page: '-1' };
    expect(outcome(productSearchSchema, bad)).toEqual(outcome(productQuerySchema, bad));
  });
});
