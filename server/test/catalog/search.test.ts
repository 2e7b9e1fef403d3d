import { messages, MAX_SEARCH_LENGTH } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, getProducts, listOf } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';

/** Names chosen so a wildcard would match more than the literal text does. */
const names = {
  phone: 'Peacock Phone',
  tricky: `100% Cotton_Tee "Classic" O'Neil`,
  plainTee: 'Cotton Tee Classic',
  shirt: 'Plain Shirt',
  accented: 'Éclair Mug',
};

describe(`product search (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  beforeAll(async () => {
    t = await createTestApp();
    for (const name of Object.values(names)) await createProduct(t.app.ctx.db, { name });
    ({ sid } = await loginAs(t.app));
  });
  afterAll(() => t.close());

  async function namesFound(q: string) {
    return (await listOf(t.app, sid, { q })).products.map((p) => p.name).sort();
  }

  it('finds a substring of the name whatever its case', async () => {
    expect(await namesFound('PHONE')).toEqual([names.phone]);
    expect(await namesFound('cock ph')).toEqual([names.phone]);
    expect(await namesFound('cotton tee')).toEqual([names.plainTee]);
    expect(await namesFound('éCLAIR')).toEqual([names.accented]);
  });

  it('answers the total of matches with the search', async () => {
    const list = await listOf(t.app, sid, { q: 'cotton' });
    expect(list.total).toBe(2);
    expect(list.products.map((p) => p.name).sort()).toEqual([names.tricky, names.plainTee].sort());
  });

  it.each(['%', '_', '"', "'", '100%', 'n_t', `"classic" o'neil`])(
    'finds %s literally in a name',
    async (q) => {
      expect(await namesFound(q)).toEqual([names.tricky]);
    },
  );

  it('does not let % match every product', async () => {
    const all = await listOf(t.app, sid);
    const found = await listOf(t.app, sid, { q: '%' });
    expect(all.total).toBe(Object.keys(names).length);
    expect(found.total).toBe(1);
  });

  it('does not let _ match any single character', async () => {
    // "Cotton Tee" has a space where the tricky name has "_".
    expect(await namesFound('Cotton_Tee')).toEqual([names.tricky]);
    expect(await namesFound('Plai_ Shirt')).toEqual([]);
  });

  it.each([
    "'",
    "';--",
    "' OR '1'='1",
    '" OR ""="',
    "' UNION SELECT id, email, password_hash FROM users--",
    "%' OR 1=1 --",
    '\\',
    '\\%',
    '[a-z]',
    '*',
    '; DROP TABLE products;',
    '$1',
    '?',
  ])('answers no extra rows and no error for %s', async (q) => {
    const res = await getProducts(t.app, sid, { q });
    expect(res.statusCode).toBe(200);
    const { products } = res.json() as { products: { name: string }[] };
    const expected = Object.values(names).filter((n) => n.toLowerCase().includes(q.trim().toLowerCase()));
    expect(products.map((p) => p.name).sort()).toEqual(expected.sort());
  });

  it('refuses a search with a NUL character with 400 naming the parameter', async () => {
    const res = await getProducts(t.app, sid, { q: 'Phone\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.nulCharacter('q'));
  });

  it('keeps the products table after a search that tries to drop it', async () => {
    await getProducts(t.app, sid, { q: "'; DROP TABLE products;--" });
    expect(await namesFound('Phone')).toEqual([names.phone]);
  });

  it('answers an empty list for a search nothing matches', async () => {
    const list = await listOf(t.app, sid, { q: 'no such product anywhere' });
    expect(list.products).toEqual([]);
    expect(list.total).toBe(0);
  });

  it('rejects a search longer than the limit with 400', async () => {
    const res = await getProducts(t.app, sid, { q: 'x'.repeat(MAX_SEARCH_LENGTH + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.tooLong('Search', MAX_SEARCH_LENGTH));
  });
});
