import { findState, gstMessages, type Shipping } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../lib/http-errors.js';
import { readGstSettings } from './settings.js';

/**
 * With GST on, a checkout starts only when its invoice can be made: the
 * shipping state is one of the list (the place of supply) and every product
 * in the cart has its HSN code and rate. Asked before any stock is held or
 * payment opened, so nothing has to be undone. With GST off it asks nothing.
 */
export async function checkSaleReady(
  db: Kysely<Database>,
  userId: string,
  shipping: Shipping | undefined,
): Promise<void> {
  const settings = await readGstSettings(db);
  if (!settings.enabled) return;
  if (shipping && !findState(shipping.state)) throw new HttpError(400, gstMessages.stateRequired);
  const untaxed = await db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select('products.name')
    .where('cart_lines.user_id', '=', userId)
    .where((eb) => eb.or([eb('products.hsn_code', 'is', null), eb('products.gst_rate', 'is', null)]))
    .orderBy('products.name')
    .executeTakeFirst();
  if (untaxed) throw new HttpError(400, gstMessages.productTaxMissing(untaxed.name));
}
