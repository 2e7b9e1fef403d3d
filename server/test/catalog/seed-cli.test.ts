import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from '../../src/modules/products/catalog.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../node_modules/.bin/tsx');

describe(`npm run seed (${testDbKind})`, { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function seed(more: Record<string, string> = {}) {
    const env = {
      ...process.env,
      DATA_DIR: t.database.dataDir,
      DATABASE_URL: t.database.databaseUrl ?? '',
      ...more,
    };
    return run(tsx, ['src/cli/seed.ts'], { cwd: serverDir, env });
  }

  const productCount = async () => (await t.app.ctx.db.selectFrom('products').select('id').execute()).length;
  const summary = (added: number) =>
    `Demo catalog: ${added} missing demo products added; ${demoCatalog.length - added} already in the shop (same name) left unchanged.`;

  it('loads the demo catalog, and running it again adds nothing', async () => {
    const first = await seed();
    expect(first.stdout).toContain(summary(demoCatalog.length));
    expect(await productCount()).toBe(demoCatalog.length);

    const second = await seed();
    expect(second.stdout).toContain(summary(0));
    expect(await productCount()).toBe(demoCatalog.length);
  });

  it("adds back a deleted demo product and keeps the owner's price and stock of the others", async () => {
    const [changed, deleted] = [demoCatalog[0]!, demoCatalog[1]!];
    const db = t.app.ctx.db;
    await db
      .updateTable('products')
      .set({ price_paise: 209_900, count_in_stock: 5 })
      .where('name', '=', changed.name)
      .execute();
    await db.deleteFrom('products').where('name', '=', deleted.name).execute();

    expect((await seed()).stdout).toContain(summary(1));

    const byName = (name: string) =>
      db.selectFrom('products').select(['price_paise', 'count_in_stock']).where('name', '=', name).execute();
    expect(await byName(changed.name)).toEqual([{ price_paise: 209_900, count_in_stock: 5 }]);
    expect(await byName(deleted.name)).toHaveLength(1);
    expect(await productCount()).toBe(demoCatalog.length);
  });

  it("adds nothing to a shop with Razorpay's live keys, whose products sell for real money", async () => {
    await t.app.ctx.db.deleteFrom('products').execute();
    const refused = seed({ RAZORPAY_KEY_ID: 'rzp_live_abc', RAZORPAY_KEY_SECRET: 'secret' });
    await expect(refused).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('RAZORPAY_KEY_ID is a live key'),
    });
    expect(await productCount()).toBe(0);
  });
});
