import type { Product } from '@shop/shared';
import type { AppContext } from '../../context.js';
import { productColumns, toProduct } from '../products/product-fields.js';
import { BATCH, inBatches, textCell } from './cells.js';

/** The product form's fields, with the id first: the columns an import reads back. */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'category',
  'price',
  'countInStock',
  'image',
  'description',
  'hsnCode',
  'gstRate',
] as const satisfies readonly ('id' | keyof Product)[];

/**
 * The form's optional tax fields, which a file may leave out (one made before
 * they were exported, or by a shop without GST): a product then keeps its own.
 */
export const OPTIONAL_CSV_COLUMNS = ['hsnCode', 'gstRate'] as const satisfies readonly (keyof Product)[];

/** Every product, by id, read through the field list as the admin's list reads them. */
export function productRecords(ctx: AppContext): AsyncGenerator<unknown[]> {
  const read = (after: string | undefined) => {
    let query = ctx.db.selectFrom('products').select(productColumns);
    if (after !== undefined) query = query.where('id', '>', after);
    return query.orderBy('id').limit(BATCH).execute();
  };
  return (async function* () {
    for await (const row of inBatches(read, (r) => r.id)) {
      const p = toProduct(row);
      yield [
        p._id,
        textCell(p.name),
        p.category,
        p.price.toFixed(2),
        p.countInStock,
        p.image,
        textCell(p.description),
        p.hsnCode ?? '',
        p.gstRate ?? '',
      ];
    }
  })();
}
