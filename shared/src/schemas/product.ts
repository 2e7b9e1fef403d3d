import { z } from 'zod';
import {
  CATEGORIES,
  MAX_COMMENT_LENGTH,
  MAX_PAGE_NUMBER,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  SORT_OPTIONS,
} from '../constants.js';
import { messages } from '../messages.js';

/** A review as the API shows it (spec section 3: userId, name, rating, comment). */
export const reviewSchema = z.object({
  userId: z.string(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  /** When it was last written; the list is ordered by this, latest first. */
  updatedAt: z.string(),
  /** The author has a paid order for this product. */
  verifiedPurchase: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A product as the API shows it: price in rupees, `_id`, the spec's field names. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  price: z.number(),
  countInStock: z.number(),
  image: z.string(),
  description: z.string(),
  rating: z.number(),
  numReviews: z.number(),
  /** For the tax invoice: HSN code and GST rate in percent, null until the owner sets them. */
  hsnCode: z.string().nullable(),
  gstRate: z.number().nullable(),
});
export type Product = z.infer<typeof productSchema>;

export const productWithReviewsSchema = productSchema.extend({ reviews: z.array(reviewSchema) });
export type ProductWithReviews = z.infer<typeof productWithReviewsSchema>;

/** A search text, as the catalog and the admin lists take it (`q`). */
export const searchField = z
  .string()
  .trim()
  .max(MAX_SEARCH_LENGTH, { error: messages.tooLong('Search', MAX_SEARCH_LENGTH) })
  .optional();

/** Which page of a paged list (`page`), from 1. */
export const pageField = z.coerce
  .number({ error: messages.invalidPage })
  .int({ error: messages.invalidPage })
  .min(1, { error: messages.invalidPage })
  .max(MAX_PAGE_NUMBER, { error: messages.invalidPage })
  .optional();

/** How many a page holds (`limit`), up to MAX_PAGE_SIZE. */
export const limitField = z.coerce
  .number({ error: messages.invalidLimit })
  .int({ error: messages.invalidLimit })
  .min(1, { error: messages.invalidLimit })
  .max(MAX_PAGE_SIZE, { error: messages.invalidLimit })
  .optional();

/**
 * GET /api/get-products query. Every parameter is optional; with none the
 * answer is the whole list (the spec's shape). `category=all` means no filter.
 */
export const productQuerySchema = z.object({
  q: searchField,
  category: z.enum(['all', ...CATEGORIES], { error: messages.invalidCategory }).optional(),
  sort: z.enum(SORT_OPTIONS, { error: messages.invalidSort }).optional(),
  page: pageField,
  limit: limitField,
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

export const productListSchema = z.object({
  products: z.array(productSchema),
  userCartQuantity: z.number(),
  /** How many products match, across all pages. */
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ProductList = z.infer<typeof productListSchema>;

export const productAnswerSchema = z.object({
  /** With the latest REVIEWS_ON_PRODUCT_PAGE reviews; `numReviews` counts them all. */
  product: productWithReviewsSchema,
  userId: z.string(),
  /**
   * Only when `reviews` holds fewer than `numReviews`: the session user's own
   * review (null if none), which may be older than those shown.
   */
  ownReview: reviewSchema.nullable().optional(),
});
export type ProductAnswer = z.infer<typeof productAnswerSchema>;

/** Rating 0.5 to 5 in half steps (spec section 9). */
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
  comment: z
    .string({ error: messages.commentRequired })
    .trim()
    .min(1, { error: messages.commentRequired })
    .max(MAX_COMMENT_LENGTH, { error: messages.tooLong('Comment', MAX_COMMENT_LENGTH) }),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
