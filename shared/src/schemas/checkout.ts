import { z } from 'zod';
import { messages } from '../messages.js';
import { requiredText } from './fields.js';

const required = (max: number, field: string) => requiredText(messages.fillAllFields, field, max);

/**
 * Exactly so many digits, as people write them: spaces, hyphens and brackets are dropped, and a
 * JSON number (the spec's numeric inputs) is read as its digits. Too short, too long or not
 * digits all get the one message; `normalise` may drop a known prefix first.
 */
const digits = (pattern: RegExp, message: string, normalise = (text: string) => text) =>
  z
    .union([z.string().transform((text) => text.replace(/[\s()-]/g, '')), z.number().transform(String)], {
      error: messages.fillAllFields,
    })
    .transform(normalise)
    .pipe(z.string().min(1, { error: messages.fillAllFields }).regex(pattern, { error: message }));

/** India's country code (+91 or 91) or a trunk 0 before ten digits is not part of the number. */
const nationalPhone = (text: string) => (/^(\+?91|0)\d{10}$/.test(text) ? text.slice(-10) : text);

/**
 * The shipping form's eight fields (spec section 3), checked the same in the page and on the server.
 * A form sent as anything but an object (null, a list, a text) is a form not filled in.
 */
export const shippingSchema = z.object(
  {
    name: required(100, 'Name'),
    email: required(254, 'Email').pipe(z.email({ error: messages.invalidEmail })),
    phone: digits(/^\d{10}$/, messages.invalidPhone, nationalPhone),
    streetAddress: required(200, 'Street address'),
    town: required(100, 'Town'),
    pincode: digits(/^\d{6}$/, messages.invalidPincode),
    state: required(100, 'State'),
    country: required(100, 'Country'),
  },
  { error: messages.fillAllFields },
);
export type ShippingInput = z.input<typeof shippingSchema>;
export type Shipping = z.output<typeof shippingSchema>;

/**
 * POST /api/payment/orderCreate. The spec's client sends key, order_id, amount,
 * currency and payment_capture: accepted and ignored, since the server builds
 * the order from the stored cart and the database prices. Our web app also
 * sends the shipping form here as `data`; the spec's client sends it later,
 * with cartDetail.
 */
export const orderCreateSchema = z.object({ data: shippingSchema.optional() });

export const orderCreateAnswerSchema = z.object({
  /** The spec's client reads `amount` (rupees; it multiplies by 100 for the card window) and `id`. */
  data: z.object({ id: z.string(), currency: z.literal('INR'), amount: z.number() }),
  /** The payment provider's order id. */
  id: z.string(),
  provider: z.enum(['razorpay', 'test']),
  /** Razorpay's public key id, for the checkout window. */
  key: z.string(),
  /**
   * Seconds the stock stays held for this payment: the card window is closed
   * by then (Razorpay's `timeout`), and a payment after it completes only at
   * today's price with stock still there, or is refunded.
   */
  expiresIn: z.number(),
});
export type OrderCreateAnswer = z.infer<typeof orderCreateAnswerSchema>;

const providerId = (message: string) =>
  z.string({ error: message }).min(1, { error: message }).max(100, { error: message });

/** What the card window hands back after a payment (Razorpay's checkout and the test gateway's). */
export const paymentResultSchema = z.object({
  razorpay_payment_id: providerId(messages.paymentNotVerified),
  razorpay_order_id: providerId(messages.paymentNotVerified),
  razorpay_signature: providerId(messages.paymentNotVerified),
});

/**
 * POST /api/payment/cartDetail. The spec's client sends the payment id, the
 * shipping form as `data` and its `cartProducts` (ignored: what was reserved
 * is what is ordered). Our web app sends the window's order id and signature
 * too, which are then verified as well. Either way the server asks the
 * provider itself whether this payment was made.
 */
export const cartDetailSchema = z.object({
  razorpay_payment_id: providerId(messages.paymentNotVerified),
  razorpay_order_id: providerId(messages.paymentNotVerified).optional(),
  razorpay_signature: providerId(messages.paymentNotVerified).optional(),
  data: shippingSchema.optional(),
  cartProducts: z.unknown().optional(),
});

/** POST /api/payment/cancel: the customer closed the window or the card was declined. */
export const paymentCancelSchema = z.object({ order_id: providerId(messages.checkoutNotFound) });

/** GET /api/payment/config: which card window to open. */
export const paymentConfigSchema = z.object({ provider: z.enum(['razorpay', 'test']), key: z.string() });
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** The built-in test gateway's card numbers (shown in its window). */
export const TEST_CARDS = { success: '4111 1111 1111 1111', declined: '4000 0000 0000 0002' } as const;

export const testGatewayPaySchema = z.object({
  order_id: providerId(messages.checkoutNotFound),
  card_number: z
    .string({ error: messages.cardNumberRequired })
    .trim()
    .min(1, { error: messages.cardNumberRequired })
    .max(30),
});

/**
 * GET /api/user/last-shipping: the shipping form of the shopper's latest order, offered to fill the
 * next one. Plain strings: what was accepted then is shown as it was, even if a rule changed since.
 */
export const lastShippingAnswerSchema = z.object({
  shipping: z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      streetAddress: z.string(),
      town: z.string(),
      pincode: z.string(),
      state: z.string(),
      country: z.string(),
    })
    .nullable(),
});
export type LastShippingAnswer = z.infer<typeof lastShippingAnswerSchema>;
