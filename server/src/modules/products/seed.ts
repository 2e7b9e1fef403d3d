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
      .values(
        demoCatalog.map((p) => ({
          id: newId(),
          name: p.name,
          name_search: searchedText(p),
          category: p.category,
          price_paise: rupeesToPaise(p.price),
          count_in_stock: p.countInStock,
          image: p.image,
          description: p.description,
          created_at: now,
        })),
      )
      .execute();
    return demoCatalog.length;
  });
}

/**
 * Loads the demo catalog again: a product with the same name is refreshed in
 * place (keeping its id, reviews and orders), a missing one is added.
 */
export async function reloadCatalog(db: Db, clock: Clock): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const p of demoCatalog) {
      const fields = {
        category: p.category,
        price_paise: rupeesToPaise(p.price),
        count_in_stock: p.countInStock,
        image: p.image,
        description: p.description,
        name_search: searchedText(p),
      };
      const existing = await trx
        .selectFrom('products')
        .select('id')
        .where('name', '=', p.name)
        .executeTakeFirst();
      if (existing) {
        await trx.updateTable('products').set(fields).where('id', '=', existing.id).execute();
        updated += 1;
      } else {
        await trx
          .insertInto('products')
          .values({
            id: newId(),
            name: p.name,
            created_at: now,
            ...fields,
          })
          .execute();
        inserted += 1;
      }
    }
  });
  return { inserted, updated };
}
