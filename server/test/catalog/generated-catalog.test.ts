import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { listOf } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';
import { insertGeneratedProducts } from '../../src/modules/products/generated-catalog.js';

/**
 * The benchmark's catalog, and the search index on a catalog of some size:
 * whatever the index, a search finds exactly the names that contain the text.
 */
describe(`a generated catalog (${testDbKind})`, () => {
  const COUNT = 1200;
  let t: TestApp;
  let sid: string;
  let names: string[];
  beforeAll(async () => {
    t = await createTestApp();
    await insertGeneratedProducts(t.app.ctx.db, COUNT, new Date().toISOString());
    ({ sid } = await loginAs(t.app));
    names = (await t.app.ctx.db.selectFrom('products').select('name').execute()).map((r) => r.name);
  });
  afterAll(() => t.close());

  it('adds that many products, spread over every category', async () => {
    expect(names).toHaveLength(COUNT);
    const all = await listOf(t.app, sid, { page: 1, limit: 1 });
    expect(all.total).toBe(COUNT);
    for (const category of ['electronics', 'fashion', 'mobiles', 'games']) {
      expect((await listOf(t.app, sid, { category, page: 1, limit: 1 })).total).toBe(COUNT / 4);
    }
  });

  it.each(['steel', 'STEEL', 'eel', 'teak ', 'ck 1', 'walnut kettle', 'zz'])(
    'finds exactly the names containing "%s", on every page',
    async (q) => {
      const expected = names.filter((n) => n.toLowerCase().includes(q.trim().toLowerCase())).sort();
      const found: string[] = [];
      for (let page = 1; ; page += 1) {
        const list = await listOf(t.app, sid, { q, page, limit: 100, sort: 'lth' });
        expect(list.total).toBe(expected.length);
        found.push(...list.products.map((p) => p.name));
        if (list.products.length < 100) break;
      }
      expect(found.sort()).toEqual(expected);
    },
  );
});
