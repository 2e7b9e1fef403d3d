import { z } from 'zod';
import { CATEGORIES, MAX_PAGE_NUMBER, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, SORT_OPTIONS } from '../constants.js';
import { messages } from '../messages.js';
import { isBlankText } from '../text.js';
import { numberFromForm, readableText, rupeesField } from './fields.js';
import { gstRateField, hsnField } from './gst.js';

/** A review as the API shows it (spec section 3: userId, name, rating, comment). */
export const reviewSchema = z.object({
  userId: z.string(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  /** When it was last written; the list is ordered by this, latest first. */
  updatedAt: z.string(),
  /** The author has a paid order for this product, not cancelled or returned. */
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

export const MAX_PRODUCT_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_PRICE_RUPEES = 10_00_00_000;
export const MAX_STOCK = 1_000_000;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const empty = messages.fieldsCantBeEmpty;

/**
 * Spec section 5: a field left out or empty says 'Fields cant be empty' whatever
 * its type; only a filled-in wrong value gets the field's own message.
 */
const isBlank = (input: unknown) =>
  input === undefined ||
  input === null ||
  Number.isNaN(input) ||
  (typeof input === 'string' && isBlankText(input));
const emptyOr = (message: string) => (issue: { input?: unknown }) => (isBlank(issue.input) ? empty : message);

/** An image is an http(s) URL, or an image the shop serves itself (uploads and the demo catalog). */
export const imageField = readableText(empty, 'Image URL', 2000).refine(
  (v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(uploads|images\/products)\/[\w.-]+$/.test(v),
  {
    error: messages.invalidImage,
  },
);

/** POST /api/addProduct and PATCH /api/product/editProduct/:id: a product as the admin sends it, price in rupees. */
export const productInputSchema = z.object({
  name: readableText(empty, 'Name', MAX_PRODUCT_NAME_LENGTH),
  category: z.enum(CATEGORIES, { error: emptyOr(messages.invalidProductCategory) }),
  price: z.preprocess(
    numberFromForm,
    rupeesField(
      z
        .number({ error: emptyOr(messages.invalidPrice) })
        .max(MAX_PRICE_RUPEES, { error: messages.invalidPrice }),
      messages.invalidPrice,
    ),
  ),
  countInStock: z.preprocess(
    numberFromForm,
    z
      .number({ error: emptyOr(messages.invalidStock) })
      .int({ error: messages.invalidStock })
      .min(0, { error: messages.invalidStock })
      .max(MAX_STOCK, { error: messages.invalidStock }),
  ),
  image: imageField,
  description: readableText(empty, 'Description', MAX_DESCRIPTION_LENGTH),
  /** Optional: a shop without GST never sets them; left out, an edit keeps what is stored. */
  hsnCode: hsnField,
  gstRate: gstRateField,
});
export type ProductInput = z.input<typeof productInputSchema>;

/**
 * PATCH /api/product/editProduct/:id. Our admin form also sends the count in
 * stock it was loaded with, so a sale made while the form was open is never
 * written over: an unchanged count leaves the stock as it is now, and a changed
 * one is refused (409) if the stock moved meanwhile. The spec's client sends
 * the six fields only, and its count is taken as it is.
 */
export const productEditSchema = productInputSchema.extend({
  loadedCountInStock: z
    .number({ error: messages.invalidStock })
    .int({ error: messages.invalidStock })
    .min(0, { error: messages.invalidStock })
    .max(MAX_STOCK, { error: messages.invalidStock })
    .optional(),
});
export type ProductEdit = z.input<typeof productEditSchema>;

/** A search text, as the catalog and the admin lists take it (`q`). */
export const searchField = z
  .string({ error: messages.invalidSearch })
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
