import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { readCatalogVersion } from '../../src/modules/products/catalog-versions.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, uniqueTag } from '../helpers/products.js';

/**
 * Every start of the shop and of its commands (create-admin, seed) migrates the database and checks
 * the trigger that moves the catalog version on a product change (catalog-triggers.ts).
 */
describe(`the catalog trigger's check at every start (${testDbKind})`, () => {
  let t: TestApp;
  let otherProcess: Db;
  beforeAll(async () => {
    t = await createTestApp();
    otherProcess = createDb({ databaseUrl: t.database.databaseUrl, dataDir: t.database.dataDir }).db;
  });
  afterAll(async () => {
    await otherProcess.destroy();
    await t.close();
  });

  it('leaves an up-to-date database alone while another process is writing to the products', async () => {
    const product = await createProduct(t.app.ctx.db, { name: `Kettle ${uniqueTag()}` });
    let release!: () => void;
    let writing!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (writing = resolve));
    // The running shop, or a CSV import, in the middle of a write: the owner runs create-admin.
    const write = otherProcess.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ count_in_stock: 3 }).where('id', '=', product.id).execute();
      writing();
      await released;
    });
    await started;
    try {
      await expect(migrateToLatest(t.app.ctx.db)).resolves.toBeUndefined();
    } finally {
      release();
      await write;
    }
  });

  it('brings a trigger that watches too few columns back to the field list', async () => {
    if (testDbKind === 'postgres') {
      await sql`create or replace trigger products_catalog_version after insert or delete or update of name
        on products for each statement execute function bump_catalog_version()`.execute(otherProcess);
    } else {
      await sql`drop trigger products_catalog_version_update`.execute(otherProcess);
      await sql`create trigger products_catalog_version_update after update of name on products
        begin update app_settings set value = cast(value as integer) + 1 where key = 'catalog_version'; end`.execute(
        otherProcess,
      );
    }
    const product = await createProduct(t.app.ctx.db, { name: `Teapot ${uniqueTag()}` });
    const changePrice = async (paise: number) => {
      const before = await readCatalogVersion(t.app.ctx.db);
      await otherProcess
        .updateTable('products')
        .set({ price_paise: paise })
        .where('id', '=', product.id)
        .execute();
      return (await readCatalogVersion(t.app.ctx.db)) !== before;
    };
    expect(await changePrice(500_00)).toBe(false);

    await migrateToLatest(t.app.ctx.db);
    expect(await changePrice(600_00)).toBe(true);
  });
});
