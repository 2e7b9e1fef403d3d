import type { Db } from '../../db/index.js';

/**
 * The units of each product that unpaid checkouts hold, as a table to join products to:
 * reserving took them off the count in stock, and they come back if the checkout is not paid.
 * Read from the pending checkouts (an index) and their lines, never the whole history of lines.
 */
export function heldUnits(db: Db) {
  return db
    .selectFrom('checkouts')
    .innerJoin('checkout_lines', 'checkout_lines.checkout_id', 'checkouts.id')
    .where('checkouts.status', '=', 'pending')
    .groupBy('checkout_lines.product_id')
    .select((eb) => [
      'checkout_lines.product_id',
      eb.fn.sum<number | string>('checkout_lines.quantity').as('held_units'),
    ]);
}
