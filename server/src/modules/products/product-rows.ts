import { anyOf, createBatcher, keysParameter } from '../../db/batch.js';
import { compileOnce, perDb } from '../../db/compile-once.js';
import { kindOf } from '../../db/index.js';
import { productColumns, type ProductRow } from './product-fields.js';

/**
 * The rows of the products with these ids, in the order asked; an id with no
 * product has no row. On PostgreSQL the product pages and search pages asked
 * at once share one trip (db/batch.ts); on SQLite each asker's ids are one
 * statement.
 */
export const productRowsById = perDb((db): ((ids: string[]) => Promise<ProductRow[]>) => {
  const kind = kindOf(db);
  const read = compileOnce(db, db.selectFrom('products').select(productColumns).where(anyOf('id', kind)));
  const inOrder = (rows: ProductRow[]) => {
    const byId = new Map(rows.map((row) => [row.id, row]));
    return (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  };
  if (kind === 'sqlite') return async (ids) => inOrder(await read(keysParameter(ids, kind)))(ids);
  return createBatcher(async (askers: string[][]) => {
    const rowsOf = inOrder(await read([...new Set(askers.flat())]));
    return askers.map(rowsOf);
  });
});
