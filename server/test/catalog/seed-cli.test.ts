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

describe(`npm run seed (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function seed() {
    const env = { ...process.env, DATA_DIR: t.database.dataDir, DATABASE_URL: t.database.databaseUrl ?? '' };
    return run(tsx, ['src/cli/seed.ts'], { cwd: serverDir, env });
  }

  const productCount = async () => (await t.app.ctx.db.selectFrom('products').select('id').execute()).length;

  it('loads the demo catalog, and running it again adds nothing', async () => {
    const first = await seed();
    expect(first.stdout).toContain(`${demoCatalog.length} added`);
    expect(await productCount()).toBe(demoCatalog.length);

    const second = await seed();
    expect(second.stdout).toContain(`0 added, ${demoCatalog.length} refreshed`);
    expect(await productCount()).toBe(demoCatalog.length);
  });
});
