import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRowsById } from '../../src/modules/products/product-rows.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

/** The products read by id for a search page and a product page (on PostgreSQL, askers at once share a trip). */
describe(`products read by id (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives each of several askers at once its own products, in the order it asked, an unknown id left out', async () => {
    const [a, b, c] = await Promise.all(
      ['Rows A', 'Rows B', 'Rows C'].map((name) => createProduct(t.app.ctx.db, { name })),
    );
    const read = productRowsById(t.app.ctx.db);
    const asked = [[c!.id, a!.id], [b!.id, 'no-such-product', c!.id], [], [a!.id]];
    const answers = await Promise.all(asked.map((ids) => read(ids)));
    expect(answers.map((rows) => rows.map((row) => row.name))).toEqual([
      ['Rows C', 'Rows A'],
      ['Rows B', 'Rows C'],
      [],
      ['Rows A'],
    ]);
  });
});
