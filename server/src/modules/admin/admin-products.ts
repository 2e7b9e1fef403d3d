import type { AdminProduct } from '@shop/shared';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/index.js';
import { heldUnits } from '../checkout/held-units.js';
import { productColumns, toProduct, type ProductRow } from '../products/product-fields.js';

/**
 * Products as their owner sees them, each with the units unpaid checkouts hold, in the same
 * query: the count in stock alone leaves those out, and an owner correcting it to the shelf
 * count would add them twice once they come back. And its own low-stock threshold, if it has one.
 */
export function selectAdminProducts(db: Db, products: SelectQueryBuilder<Database, 'products', object>) {
  return products
    .leftJoin(heldUnits(db).as('held'), 'held.product_id', 'products.id')
    .leftJoin('product_low_stock as low', 'low.product_id', 'products.id')
    .select(productColumns.map((column) => `products.${column}` as const))
    .select(['held.held_units', 'low.threshold']);
}

export function toAdminProduct(
  row: ProductRow & { held_units: number | string | null; threshold: number | null },
): AdminProduct {
  return {
    ...toProduct(row),
    // PostgreSQL sums in a bigint, which arrives as a string.
    heldInCheckouts: Number(row.held_units ?? 0),
    lowStockThreshold: row.threshold === null ? null : Number(row.threshold),
  };
}
