import { z } from 'zod';
import { CATEGORIES } from '../constants.js';
import { messages } from '../messages.js';
import { gstRateField, hsnField } from './gst.js';
import { orderSchema } from './order.js';
import { limitField, pageField, productSchema, searchField } from './product.js';

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
  (typeof input === 'string' && input.trim() === '');
const emptyOr = (message: string) => (issue: { input?: unknown }) => (isBlank(issue.input) ? empty : message);

/** An image is an http(s) URL, or an image the shop serves itself (uploads and the demo catalog). */
export const imageField = z
  .string({ error: empty })
  .trim()
  .min(1, { error: empty })
  .max(2000, { error: messages.tooLong('Image URL', 2000) })
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(uploads|images\/products)\/[\w.-]+$/.test(v), {
    error: messages.invalidImage,
  });

/**
 * HTML number inputs give their value as a string ("1499"): a plain decimal
 * string counts as exactly its number. Any other string stays a string, so the
 * field refuses it with its message.
 */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const numberFromForm = (input: unknown) =>
  typeof input === 'string' && PLAIN_DECIMAL.test(input) ? Number(input) : input;

/** POST /api/addProduct and PATCH /api/product/editProduct/:id: the six fields, price in rupees. */
export const productInputSchema = z.object({
  name: z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty })
    .max(MAX_PRODUCT_NAME_LENGTH, { error: messages.tooLong('Name', MAX_PRODUCT_NAME_LENGTH) }),
  category: z.enum(CATEGORIES, { error: emptyOr(messages.invalidProductCategory) }),
  price: z.preprocess(
    numberFromForm,
    z
      .number({ error: emptyOr(messages.invalidPrice) })
      .positive({ error: messages.invalidPrice })
      .max(MAX_PRICE_RUPEES, { error: messages.invalidPrice })
      .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, { error: messages.invalidPrice }),
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
  description: z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty })
    .max(MAX_DESCRIPTION_LENGTH, { error: messages.tooLong('Description', MAX_DESCRIPTION_LENGTH) }),
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

export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const productSavedSchema = z.object({ message: z.string(), product: productSchema });

/** An order in the admin list: the customer's order plus who bought it and how it was paid. */
export const adminOrderSchema = orderSchema.extend({
  buyer: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  /** Paid through the built-in test gateway: no money moved. */
  testPayment: z.boolean(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const ORDER_STATUS_FILTERS = [
  'all',
  'placed',
  'shipped',
  'delivered',
  'cancelled',
  'returned',
] as const;
/**
 * The admin lists' query: every parameter optional. Without page or limit the
 * answer is the whole list, the spec's; with either, that page of it (ADMIN_PAGE_SIZE
 * unless limit says), and the X-Total-Count header says how many match in all.
 */
export const adminListQuerySchema = z.object({ q: searchField, page: pageField, limit: limitField });
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const adminOrdersQuerySchema = adminListQuerySchema.extend({
  status: z.enum(ORDER_STATUS_FILTERS, { error: messages.invalidOrderStatus }).optional(),
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.object({ userId: z.string(), email: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.string(),
  time: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const uploadAnswerSchema = z.object({ url: z.string() });
