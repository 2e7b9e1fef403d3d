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

/**
 * Each product's stock when the file was made. Sales go on while a file is
 * edited: as the product form does with the count it was loaded with, the
 * import leaves a stock cell still at this count alone, and refuses a changed
 * one if the stock has moved since.
 */
export const STOCK_AT_EXPORT_COLUMN = 'countInStockAtExport';

/** The columns of the products file. */
export const PRODUCT_FILE_COLUMNS = [...PRODUCT_CSV_COLUMNS, STOCK_AT_EXPORT_COLUMN] as const;

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
        p.countInStock,
      ];
    }
  })();
}
