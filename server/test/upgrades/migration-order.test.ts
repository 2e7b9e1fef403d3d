import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/index.js';
import { migrateToLatest, migrations } from '../../src/db/migrate.js';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/databases.js';

/**
 * A shop that ran main while the owner-pages branch had been merged (its 0021 applied) but the
 * overview and GST ones (0019, 0020) not yet: the next version must start on that database.
 */
describe(`upgrading a shop whose migrations ran out of number order (${testDbKind})`, () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb(database).db;
    const applied = Object.entries(migrations).filter(([name]) => name < '0019' || name.startsWith('0021_'));
    const earlier = new Migrator({
      db,
      provider: { getMigrations: async () => Object.fromEntries(applied) },
    });
    const { error } = await earlier.migrateToLatest();
    expect(error).toBeUndefined();
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('applies the missing migrations, and their tables are there', async () => {
    await expect(migrateToLatest(db)).resolves.toBeUndefined();
    const all = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const notRun = (await all.getMigrations()).filter((m) => m.executedAt === undefined);
    expect(notRun.map((m) => m.name)).toEqual([]);
    // The GST migration's invoices and the overview's thresholds.
    expect(await db.selectFrom('tax_documents').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('product_low_stock').select('product_id').execute()).toEqual([]);
  });
});
