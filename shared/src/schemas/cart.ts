import { z } from 'zod';
import { MAX_CART_QUANTITY } from '../constants.js';
import { messages } from '../messages.js';
import { numberFromForm } from './fields.js';
import { productSchema } from './product.js';

/**
 * Quantities are whole numbers from 1 (a select's value, "3", counts as 3); the server also caps
 * them at the stock.
 */
export const quantityField = z.preprocess(
  numberFromForm,
  z
    .number({ error: messages.quantityWholeNumber })
    .int({ error: messages.quantityWholeNumber })
    .min(1, { error: messages.quantityAtLeastOne })
    .max(MAX_CART_QUANTITY, { error: messages.quantityTooLarge }),
);

const productIdField = z
  .string({ error: messages.productNotFound })
  .min(1, { error: messages.productNotFound })
  .max(100, { error: messages.productNotFound });

/**
 * POST /api/saveCart. The spec sends the whole product as `item`; only its
 * `_id` is read. Price, name and every other field sent are ignored.
 */
export const saveCartSchema = z.object({
  item: z.object({ _id: productIdField }, { error: messages.productNotFound }),
  quantity: quantityField,
});

/** PATCH /api/updateQuantity. */
export const updateQuantitySchema = z.object({ id: productIdField, quantity: quantityField });

/** PATCH /api/cart/update: remove the line at this position. */
export const removeCartLineSchema = z.object({
  index: z
    .number({ error: messages.invalidCartIndex })
    .int({ error: messages.invalidCartIndex })
    .min(0, { error: messages.invalidCartIndex }),
});

/**
 * A cart line: the product as it is now, the quantity, and whether it can be
 * bought as it stands (out of stock or more than the stock blocks checkout).
 */
export const cartLineSchema = z.object({
  product: productSchema,
  quantity: z.number(),
  available: z.boolean(),
  /** Why it is not available; absent when it is. */
  problem: z.string().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  cartProducts: z.array(cartLineSchema),
  /** Sum of the available lines, in rupees, from the database prices. */
  total: z.number(),
});
export type Cart = z.infer<typeof cartSchema>;
