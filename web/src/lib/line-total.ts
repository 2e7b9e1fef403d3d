import { paiseToRupees, rupeesToPaise } from '@shop/shared';

/** Price times quantity in rupees, counted in whole paise so 19.99 × 3 stays 59.97. */
export function lineTotal(price: number, quantity: number): number {
  return paiseToRupees(rupeesToPaise(price) * quantity);
}
