import { z } from 'zod';
import { MAX_COMMENT_LENGTH } from '../constants.js';
import { messages } from '../messages.js';
import { requiredText } from './fields.js';

/**
 * The spec's scale is 0 to 5 in half steps (section 9): a product no one rated shows 0, and a
 * review gives at least half a star, where the form's stars start.
 */
export const ratingField = z
  .number({ error: messages.invalidRating })
  .min(0.5, { error: messages.invalidRating })
  .max(5, { error: messages.invalidRating })
  .refine((r) => Number.isInteger(r * 2), { error: messages.invalidRating });

/** POST /api/user/review and the review form. */
export const reviewInputSchema = z.object({
  productId: z
    .string({ error: messages.productNotFound })
    .min(1, { error: messages.productNotFound })
    .max(100, { error: messages.productNotFound }),
  rating: ratingField,
  comment: requiredText(messages.commentRequired, 'Comment', MAX_COMMENT_LENGTH),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
