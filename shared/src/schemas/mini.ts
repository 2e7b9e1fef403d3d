import * as z from 'zod/mini';
import {
  CATEGORIES,
  MAX_EMAIL_LENGTH,
  MAX_PAGE_NUMBER,
  MAX_PASSWORD_LENGTH,
  MAX_SEARCH_LENGTH,
  SORT_OPTIONS,
} from '../constants.js';
import { messages } from '../messages.js';
import { isBlankText } from '../text.js';

/**
 * zod/mini twins of the schemas that the first pages a visitor sees need in the
 * browser (the login form, the dashboard's search): the same rules and
 * messages as `loginSchema` and `productQuerySchema`, at a fifth of classic
 * zod's weight (issue #7's JavaScript budgets). mini.test.ts keeps each twin
 * equal to its original; the server keeps using the originals.
 */

const empty = messages.fieldsCantBeEmpty;

/** The login form: `loginSchema`. */
export const loginFormSchema = z.object({
  email: z.pipe(
    z.string({ error: empty }).check(
      z.trim(),
      z.refine((text: string) => !isBlankText(text), { error: empty }),
      z.maxLength(MAX_EMAIL_LENGTH, { error: messages.tooLong('Email', MAX_EMAIL_LENGTH) }),
    ),
    z.transform((email: string) => email.toLowerCase()),
  ),
  password: z
    .string({ error: empty })
    .check(
      z.minLength(1, { error: empty }),
      z.maxLength(MAX_PASSWORD_LENGTH, { error: messages.tooLong('Password', MAX_PASSWORD_LENGTH) }),
    ),
});

/** The dashboard's search in the URL and its filter form: `productQuerySchema` less `limit`. */
export const productSearchSchema = z.object({
  q: z.optional(
    z
      .string({ error: messages.invalidSearch })
      .check(
        z.trim(),
        z.maxLength(MAX_SEARCH_LENGTH, { error: messages.tooLong('Search', MAX_SEARCH_LENGTH) }),
      ),
  ),
  category: z.optional(z.enum(['all', ...CATEGORIES], { error: messages.invalidCategory })),
  sort: z.optional(z.enum(SORT_OPTIONS, { error: messages.invalidSort })),
  page: z.optional(
    z.coerce
      .number({ error: messages.invalidPage })
      .check(
        z.int({ error: messages.invalidPage }),
        z.minimum(1, { error: messages.invalidPage }),
        z.maximum(MAX_PAGE_NUMBER, { error: messages.invalidPage }),
      ),
  ),
});

/** The dashboard's filter form: search, sort and category. */
export const productFilterSchema = z.pick(productSearchSchema, { q: true, sort: true, category: true });
