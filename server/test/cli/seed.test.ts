import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../../src/modules/products/catalog.js';
import { seedIfEmpty } from '../../src/modules/products/seed.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../node_modules/.bin/tsx');

describe(`npm run seed on a shop the owner has changed (${testDbKind})`, { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedIfEmpty(t.app.ctx.db, t.clock);
  });
  afterAll(() => t.close());

  it("adds back a deleted demo product, keeps the owner's price and stock, and says so", async () => {
    const [changed, deleted] = [demoCatalog[0]!, demoCatalog[1]!];
    const db = t.app.ctx.db;
    await db
      .updateTable('products')
      .set({ price_paise: 209_900, count_in_stock: 5 })
      .where('name', '=', changed.name)
      .execute();
    await db.deleteFrom('products').where('name', '=', deleted.name).execute();

    const env = { ...process.env, DATA_DIR: t.database.dataDir, DATABASE_URL: t.database.databaseUrl ?? '' };
    const { stdout } = await run(tsx, ['src/cli/seed.ts'], { cwd: serverDir, env });

    expect(stdout).toContain(
      `Demo catalog: 1 missing demo products added; ${demoCatalog.length - 1} already in the shop (same name) left unchanged.`,
    );
    const byName = (name: string) =>
      db.selectFrom('products').select(['price_paise', 'count_in_stock']).where('name', '=', name).execute();
    expect(await byName(changed.name)).toEqual([{ price_paise: 209_900, count_in_stock: 5 }]);
    expect(await byName(deleted.name)).toHaveLength(1);
  });
});
