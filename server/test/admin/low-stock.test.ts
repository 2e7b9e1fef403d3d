import { overviewMessages, type LowStock } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, secondInstance, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { decodedMail, outbox } from '../helpers/mail.js';
import { createProduct } from '../helpers/products.js';
import { checkLowStock } from '../../src/modules/overview/low-stock.js';
import { dayStart, shopDay, addDays } from '../../src/lib/shop-time.js';

const OWNER = 'owner@shop.test';
const HOUR = 3_600_000;

describe(`low stock: the list, thresholds and the daily mail (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp({ OWNER_EMAIL: OWNER });
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const list = async () => {
    const res = await call(t.app, 'GET', '/api/admin/low-stock', admin.sid);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LowStock;
  };
  const ids = (l: LowStock) => l.products.map((p) => p._id);
  /** The clock at this hour (shop time) of the day `days` from today. */
  let day = shopDay(new Date());
  const atShopHour = (hour: number) =>
    t.clock.advance(Date.parse(dayStart(day)) + hour * HOUR - t.clock.now().getTime());
  const nextDay = () => {
    day = addDays(day, 1);
  };
  const ownerMails = async () =>
    [...(await outbox(t)).values()].map(decodedMail).filter((m) => m.includes(`To: ${OWNER}`));

  it('lists the products at or below the default of 5, the emptiest first', async () => {
    const none = await createProduct(t.app.ctx.db, { count_in_stock: 0 });
    const five = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const six = await createProduct(t.app.ctx.db, { count_in_stock: 6 });
    const l = await list();
    expect(l.defaultThreshold).toBe(5);
    expect(ids(l)).toEqual(expect.arrayContaining([none.id, five.id]));
    expect(ids(l)).not.toContain(six.id);
    expect(ids(l).indexOf(none.id)).toBeLessThan(ids(l).indexOf(five.id));
  });

  it("follows a product's own threshold and the default setting", async () => {
    const p = await createProduct(t.app.ctx.db, { count_in_stock: 8 });
    expect(ids(await list())).not.toContain(p.id);
    const own = await call(t.app, 'PUT', `/api/admin/products/${p.id}/low-stock-threshold`, admin.sid, {
      threshold: 10,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await list()).products.find((x) => x._id === p.id)).toMatchObject({
      countInStock: 8,
      threshold: 10,
    });
    await call(t.app, 'PUT', `/api/admin/products/${p.id}/low-stock-threshold`, admin.sid, {
      threshold: null,
    });
    expect(ids(await list())).not.toContain(p.id);
    const other = await createProduct(t.app.ctx.db, { count_in_stock: 7 });
    const set = await call(t.app, 'PUT', '/api/admin/settings/low-stock-threshold', admin.sid, {
      threshold: 7,
    });
    expect(set.statusCode, set.body).toBe(200);
    const l = await list();
    expect(l.defaultThreshold).toBe(7);
    expect(ids(l)).toContain(other.id);
    await call(t.app, 'PUT', '/api/admin/settings/low-stock-threshold', admin.sid, { threshold: 5 });
  });

  it('refuses a threshold that is not a whole number from 0, and an unknown product', async () => {
    for (const threshold of [-1, 2.5, 'ten']) {
      const res = await call(t.app, 'PUT', '/api/admin/settings/low-stock-threshold', admin.sid, {
        threshold,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toBe(overviewMessages.invalidThreshold);
    }
    const res = await call(t.app, 'PUT', '/api/admin/products/nope/low-stock-threshold', admin.sid, {
      threshold: 3,
    });
    expect(res.statusCode).toBe(404);
  });

  it('mails the owner once a day, from 8 in the morning, only about products newly low', async () => {
    await t.app.ctx.db.updateTable('products').set({ count_in_stock: 100 }).execute();
    const low = await createProduct(t.app.ctx.db, { count_in_stock: 2, name: 'दीया लैंप' });
    atShopHour(7);
    expect(await checkLowStock(t.app.ctx)).toEqual([]);
    atShopHour(9);
    expect(await checkLowStock(t.app.ctx)).toEqual([low.id]);
    const mails = await ownerMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(overviewMessages.lowStockMailSubject);
    expect(mails[0]).toContain('दीया लैंप: 2 left (threshold 5)');
    // Later the same day: nothing more.
    await createProduct(t.app.ctx.db, { count_in_stock: 1 });
    atShopHour(20);
    expect(await checkLowStock(t.app.ctx)).toEqual([]);

    // Next day: only the product that fell since; the one still low is not news.
    nextDay();
    atShopHour(9);
    const named = await checkLowStock(t.app.ctx);
    expect(named).toHaveLength(1);
    expect(named).not.toContain(low.id);
    expect(await ownerMails()).toHaveLength(2);

    // Restocked, then low again: news again.
    await t.app.ctx.db.updateTable('products').set({ count_in_stock: 50 }).where('id', '=', low.id).execute();
    nextDay();
    atShopHour(9);
    expect(await checkLowStock(t.app.ctx)).toEqual([]);
    await t.app.ctx.db.updateTable('products').set({ count_in_stock: 3 }).where('id', '=', low.id).execute();
    nextDay();
    atShopHour(9);
    expect(await checkLowStock(t.app.ctx)).toEqual([low.id]);
  });

  it('of two instances checking at once, exactly one mails', async () => {
    const other = await secondInstance(t);
    try {
      await createProduct(t.app.ctx.db, { count_in_stock: 0 });
      nextDay();
      atShopHour(10);
      const before = (await ownerMails()).length;
      // On PostgreSQL truly at once. SQLite's driver is synchronous: in one process a second
      // writer would wait for the first while blocking it, so there they take turns.
      const both =
        testDbKind === 'postgres'
          ? Promise.all([checkLowStock(t.app.ctx), checkLowStock(other.ctx)])
          : (async () => [await checkLowStock(t.app.ctx), await checkLowStock(other.ctx)])();
      const [a, b] = (await both) as [string[], string[]];
      expect([a.length, b.length].sort()).toEqual([0, 1]);
      await other.ctx.mailer.idle();
      expect((await ownerMails()).length).toBe(before + 1);
    } finally {
      await other.close();
    }
  });
});
