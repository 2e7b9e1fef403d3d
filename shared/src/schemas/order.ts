import { z } from 'zod';

/** An order as spec section 3 describes it: one order per cart line. */
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
});
export type Order = z.infer<typeof orderSchema>;
