import { z } from 'zod';
import { orderMessages as m } from '../messages-orders.js';
import { adminOrderSchema } from './admin.js';
import { requiredString, rupeesField } from './fields.js';
import { ORDER_STATUSES, REFUND_STATUSES } from './order.js';

const required = (message: string, max: number) => requiredString(message).max(max, { error: message });

/** POST /api/admin/orders/:id/ship */
export const shipOrderSchema = z.object({
  carrier: required(m.carrierRequired, 100),
  trackingNumber: required(m.trackingNumberRequired, 100),
  trackingUrl: z
    .string({ error: m.trackingUrlInvalid })
    .trim()
    .max(2000, { error: m.trackingUrlInvalid })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: m.trackingUrlInvalid })
    .optional(),
});
export type ShipOrderInput = z.input<typeof shipOrderSchema>;

/** POST /api/admin/orders/:id/cancel */
export const cancelOrderSchema = z.object({ reason: required(m.reasonRequired, 500) });
export type CancelOrderInput = z.input<typeof cancelOrderSchema>;

/** POST /api/admin/orders/:id/return */
export const returnOrderSchema = z.object({
  resaleable: z.boolean({ error: m.resaleableRequired }),
  note: z.string({ error: m.noteInvalid }).trim().max(500, { error: m.noteInvalid }).optional(),
});
export type ReturnOrderInput = z.input<typeof returnOrderSchema>;

/** POST /api/admin/orders/:id/refund: rupees; left out, whatever is left of the order's amount. */
export const refundOrderSchema = z.object({
  amount: rupeesField(z.number({ error: m.invalidRefundAmount }), m.invalidRefundAmount).optional(),
});

export const refundEntrySchema = z.object({
  _id: z.string(),
  /** The order it refunds; null for a whole payment (a checkout paid after its hold lapsed). */
  orderId: z.string().nullable(),
  checkoutId: z.string(),
  paymentId: z.string(),
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
  providerRefundId: z.string().nullable(),
  failureReason: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  buyerEmail: z.string(),
});
export type RefundEntry = z.infer<typeof refundEntrySchema>;

export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  time: z.string(),
  /** Who changed it: an email, or 'customer' / 'system' words for the shop's own moves. */
  by: z.string(),
  note: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** GET /api/admin/orders/:id: everything needed to pack, ship and answer for one order. */
export const adminOrderDetailSchema = z.object({
  order: adminOrderSchema,
  payment: z.object({ id: z.string(), method: z.string(), provider: z.string() }),
  history: z.array(orderEventSchema),
  refunds: z.array(refundEntrySchema),
  /** Every order of the same checkout (this one too), and what the checkout came to. */
  checkout: z.object({ id: z.string(), total: z.number(), orders: z.array(adminOrderSchema) }),
  cancelReason: z.string().nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** GET /api/admin/refunds: the refund queue (refunds, and paid checkouts due one that has none yet). */
export const refundQueueSchema = z.object({
  refunds: z.array(refundEntrySchema),
  due: z.array(
    z.object({
      checkoutId: z.string(),
      paymentId: z.string(),
      amount: z.number(),
      buyerEmail: z.string(),
      paidAt: z.string(),
    }),
  ),
});
export type RefundQueue = z.infer<typeof refundQueueSchema>;

export const orderActionAnswerSchema = z.object({ message: z.string(), order: adminOrderSchema });
