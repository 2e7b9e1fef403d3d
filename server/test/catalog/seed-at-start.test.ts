import { afterEach, describe, expect, it } from 'vitest';
import { build, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { demoCatalog } from '../../src/modules/products/catalog.js';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/databases.js';

/** The first start on an empty database, as `npm start` and the deploy recipes make it. */
describe(`the demo catalog at the first start (${testDbKind})`, () => {
  let database: TestDatabase | undefined;
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.drop();
  });

  async function firstStart(env: Record<string, string> = {}) {
    database = await createTestDatabase();
    app = await build({
      config: loadConfig({
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        LOG_LEVEL: 'silent',
        ...env,
      }),
      seed: true,
      serveWeb: false,
    });
    const products = await app.ctx.db.selectFrom('products').select('name').execute();
    return products.map((p) => p.name);
  }

  it('fills an empty shop that takes test payments with the demo catalog', async () => {
    expect((await firstStart()).sort()).toEqual(demoCatalog.map((p) => p.name).sort());
  });

  it("fills it too with Razorpay's test keys, which take no money", async () => {
    const names = await firstStart({ RAZORPAY_KEY_ID: 'rzp_test_abc', RAZORPAY_KEY_SECRET: 'secret' });
    expect(names).toHaveLength(demoCatalog.length);
  });

  it("leaves a shop with Razorpay's live keys empty: its products could be bought for real money", async () => {
    const names = await firstStart({ RAZORPAY_KEY_ID: 'rzp_live_abc', RAZORPAY_KEY_SECRET: 'secret' });
    expect(names).toEqual([]);
  });
});
