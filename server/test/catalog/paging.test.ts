import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_UNPAGED_PRODUCTS, messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { createProducts, getProducts, listOf, uniqueTag } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';

describe(`product paging (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  /** Products sharing this tag, priced 1 to 30 rupees so lth order is known. */
  const tag = uniqueTag();
  const count = 30;
  beforeAll(async () => {
    t = await createTestApp();
    await createProducts(t.app.ctx.db, count, (i) => ({
      name: `paged ${i + 1} ${tag}`,
      price_paise: (i + 1) * 100,
    }));
    ({ sid } = await loginAs(t.app));
  });
  afterAll(() => t.close());

  it('answers the asked slice, the total across pages and echoes page and limit', async () => {
    const list = await listOf(t.app, sid, { q: tag, sort: 'lth', page: 2, limit: 7 });
    expect(list.products.map((p) => p.price)).toEqual([8, 9, 10, 11, 12, 13, 14]);
    expect(list.total).toBe(count);
    expect(list.page).toBe(2);
    expect(list.limit).toBe(7);
  });

  it('answers a short last page and an empty page past the end', async () => {
    const last = await listOf(t.app, sid, { q: tag, sort: 'lth', page: 5, limit: 7 });
    expect(last.products.map((p) => p.price)).toEqual([29, 30]);
    const past = await listOf(t.app, sid, { q: tag, sort: 'lth', page: 6, limit: 7 });
    expect(past.products).toEqual([]);
    expect(past.total).toBe(count);
  });

  it.each(['popular', 'htl', 'lth'])('walks every page of %s without overlap or gap', async (sort) => {
    const seen: string[] = [];
    for (let page = 1; ; page += 1) {
      const list = await listOf(t.app, sid, { q: tag, sort, page, limit: 4 });
      expect(list.total).toBe(count);
      if (list.products.length === 0) break;
      seen.push(...list.products.map((p) => p._id));
    }
    const whole = await listOf(t.app, sid, { q: tag, sort });
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    expect(seen).toEqual(whole.products.map((p) => p._id));
  });

  it(`uses pages of ${DEFAULT_PAGE_SIZE} when only page is given`, async () => {
    const first = await listOf(t.app, sid, { q: tag, page: 1 });
    const second = await listOf(t.app, sid, { q: tag, page: 2 });
    expect(first.products).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(first.limit).toBe(DEFAULT_PAGE_SIZE);
    expect(second.products).toHaveLength(count - DEFAULT_PAGE_SIZE);
  });

  it('answers the first page when only limit is given', async () => {
    const list = await listOf(t.app, sid, { q: tag, sort: 'htl', limit: 3 });
    expect(list.products.map((p) => p.price)).toEqual([30, 29, 28]);
    expect(list.page).toBe(1);
  });

  it(`answers at most ${MAX_UNPAGED_PRODUCTS} products without page or limit, the first in order, with the total of all`, async () => {
    const many = uniqueTag();
    await createProducts(t.app.ctx.db, MAX_UNPAGED_PRODUCTS + 5, (i) => ({
      name: `many ${i + 1} ${many}`,
      price_paise: (i + 1) * 100,
    }));
    const whole = await listOf(t.app, sid, { q: many, sort: 'htl' });
    expect(whole.total).toBe(MAX_UNPAGED_PRODUCTS + 5);
    expect(whole.products).toHaveLength(MAX_UNPAGED_PRODUCTS);
    expect(whole.limit).toBe(MAX_UNPAGED_PRODUCTS);
    expect(whole.products[0]!.price).toBe(MAX_UNPAGED_PRODUCTS + 5);
    expect(whole.products.at(-1)!.price).toBe(6);
  });

  it(`accepts a limit of ${MAX_PAGE_SIZE}`, async () => {
    const list = await listOf(t.app, sid, { q: tag, limit: MAX_PAGE_SIZE });
    expect(list.products).toHaveLength(count);
  });

  it.each([
    ['limit', MAX_PAGE_SIZE + 1, messages.invalidLimit],
    ['limit', 0, messages.invalidLimit],
    ['limit', -5, messages.invalidLimit],
    ['limit', 2.5, messages.invalidLimit],
    ['limit', 'ten', messages.invalidLimit],
    ['page', 0, messages.invalidPage],
    ['page', -1, messages.invalidPage],
    ['page', 1.5, messages.invalidPage],
    ['page', 'abc', messages.invalidPage],
  ])('rejects %s=%s with 400 and its message', async (name, value, message) => {
    const res = await getProducts(t.app, sid, { [name]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(message);
  });
});
