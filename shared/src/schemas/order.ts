import { z } from 'zod';

export const ORDER_STATUSES = ['placed', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** How a shipped order travels; the tracking URL is optional. */
export const shipmentSchema = z.object({
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * An order as spec section 3 describes it: one order per cart line. `status`,
 * `shipment` and `refund` come on top of the spec's fields, whose meaning is
 * unchanged (`isDelivered` is true once delivered, and stays so if returned).
 */
export const orderSchema = z.object({
  _id: z.string(),
  orderItem: z.object({
    productId: z.string(),
    name: z.string(),
    image: z.string(),
    price: z.number(),
    quantity: z.number(),
  }),
  sent_to: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  paymentDetails: z.object({
    orderId: z.string(),
    transactionId: z.string(),
    orderAmount: z.number(),
    isDelivered: z.boolean(),
  }),
  shippingAddress: z.object({
    streetAddress: z.string(),
    town: z.string(),
    pincode: z.string(),
    state: z.string(),
    country: z.string(),
  }),
  time: z.string(),
  isDelivered: z.boolean(),
  status: z.enum(ORDER_STATUSES),
  shipment: shipmentSchema.nullable(),
  /** The order's refunds together: rupees refunded or on their way, and the latest one's state. */
  refund: z.object({ status: z.enum(REFUND_STATUSES), amount: z.number() }).nullable(),
  /**
   * The sale's tax invoice and this order's credit notes (one per refund, in the order issued;
   * `creditNote` is the first), when GST was on. Their PDFs are links.
   */
  taxDocuments: z
    .object({ invoice: z.string(), creditNote: z.string().nullable(), creditNotes: z.array(z.string()) })
    .nullable(),
});
export type Order = z.infer<typeof orderSchema>;
