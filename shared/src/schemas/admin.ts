import { z } from 'zod';
import { messages } from '../messages.js';
import { orderSchema } from './order.js';
import { limitField, pageField, productSchema, searchField } from './product.js';

export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const productSavedSchema = z.object({ message: z.string(), product: productSchema });

/**
 * A product as its owner manages it: `countInStock` is what is free to sell, and
 * `heldInCheckouts` the units unpaid checkouts have taken off it, which come back if not paid.
 * `lowStockThreshold` is its own (null: the shop's default).
 */
export const adminProductSchema = productSchema.extend({
  heldInCheckouts: z.number(),
  lowStockThreshold: z.number().nullable(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

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

/** The paging of an admin list that has no search (the audit log, the refunds): page and limit. */
export const adminPageQuerySchema = adminListQuerySchema.pick({ page: true, limit: true });

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
