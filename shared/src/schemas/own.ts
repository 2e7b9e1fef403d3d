import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../constants.js';
import { messages } from '../messages.js';
import { MAX_SHOP_PAGE_LENGTH, ownMessages, SHOP_PAGE_SLUGS } from '../shop-pages.js';
import { requiredText } from './fields.js';

export const shopPageSlugSchema = z.enum(SHOP_PAGE_SLUGS, { error: ownMessages.pageNotFound });

/** GET /api/pages/:slug. `updatedAt` is null while the page still has the shop's default text. */
export const shopPageSchema = z.object({
  slug: shopPageSlugSchema,
  title: z.string(),
  body: z.string().describe('Markdown; shown without raw HTML'),
  updatedAt: z.string().nullable(),
  isDefault: z.boolean(),
});
export type ShopPage = z.infer<typeof shopPageSchema>;

/** PUT /api/admin/pages/:slug, and the admin's page editor. */
export const shopPageInputSchema = z.object({
  body: requiredText(ownMessages.pageTextRequired, 'Page text', MAX_SHOP_PAGE_LENGTH),
});
export type ShopPageInput = z.input<typeof shopPageInputSchema>;

/** PATCH /api/admin/users/:id/admin. */
export const adminRoleSchema = z.object({
  isAdmin: z.boolean({ error: messages.invalidRequest }),
});

/** POST /api/user/delete: the current password, not trimmed. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: ownMessages.passwordRequired })
    .min(1, { error: ownMessages.passwordRequired })
    .max(MAX_PASSWORD_LENGTH, { error: messages.tooLong('Password', MAX_PASSWORD_LENGTH) }),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
