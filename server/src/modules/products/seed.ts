import { rupeesToPaise } from '@shop/shared';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/tokens.js';
import { demoCatalog } from './catalog.js';
import { searchedText } from './product-fields.js';

/**
 * Seeds the demo catalog only into an empty products table, once: instances
 * starting together on one empty database race for a marker row, and only
 * the one that wrote it seeds (the others wait for its transaction, then skip).
 */
export async function seedIfEmpty(db: Db, clock: Clock): Promise<number> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto('app_settings')
      .values({ key: 'demo_catalog_seeded_at', value: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) !== 1) return 0;
    const { count } = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) return 0;
    await trx
      .insertInto('products')
      .values(demoCatalog.map((p) => demoRow(p, now)))
      .execute();
    return demoCatalog.length;
  });
}

/**
 * Adds the demo products the catalog lacks (matched by name) and never changes
 * an existing product: a product of the same name may carry the owner's price
 * and stock by now, and its id, reviews and orders stay as they are.
 */
export async function addMissingDemoProducts(db: Db, clock: Clock): Promise<{ added: number; kept: number }> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const names = demoCatalog.map((p) => p.name);
    const rows = await trx.selectFrom('products').select('name').where('name', 'in', names).execute();
    const present = new Set(rows.map((r) => r.name));
    const missing = demoCatalog.filter((p) => !present.has(p.name));
    if (missing.length > 0) {
      await trx
        .insertInto('products')
        .values(missing.map((p) => demoRow(p, now)))
        .execute();
    }
    return { added: missing.length, kept: demoCatalog.length - missing.length };
  });
}

/** A demo product as a new row of the products table. */
function demoRow(p: (typeof demoCatalog)[number], now: string) {
  return {
    id: newId(),
    name: p.name,
    name_search: searchedText(p),
    category: p.category,
    price_paise: rupeesToPaise(p.price),
    count_in_stock: p.countInStock,
    image: p.image,
    description: p.description,
    created_at: now,
  };
}
