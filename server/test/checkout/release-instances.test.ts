import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { releaseExpiredCheckouts } from '../../src/modules/checkout/release.js';
import { createTestApp, secondInstance, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cancelPayment,
  checkoutRow,
  customer,
  startCheckout,
  stockOf,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';
import { racingHandle } from '../helpers/racing.js';

const minutes = (n: number) => n * 60_000;
const STOCK = 10;

describe(`reservations released with two instances on one database (${testDbKind})`, () => {
  let t: TestApp;
  let other: App;
  beforeAll(async () => {
    t = await createTestApp();
    // A second instance on the same database. It shares the test's clock, so
    // both are past the reservations' expiry together.
    other = await secondInstance(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** `shoppers` each holding 2 of one product that had STOCK in stock, now past their expiry. */
  async function expiredHolds(shoppers: number) {
    // Earlier tests' holds are out of the way, so the counts are this test's alone.
    await releaseExpiredCheckouts(t.app.ctx);
    const product = await createProduct(t.app.ctx.db, { count_in_stock: STOCK });
    const holds = [];
    for (let i = 0; i < shoppers; i += 1) {
      const shopper = await customer(t.app);
      await addToCart(t.app, shopper.sid, product.id, 2);
      const { id } = await startCheckout(t.app, shopper.sid);
      holds.push({ sid: shopper.sid, orderId: id });
    }
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(STOCK - 2 * shoppers);
    t.clock.advance(minutes(16));
    return { product, holds };
  }

  /**
   * This instance's sweep, with `meanwhile` (the other instance's work) run
   * and committed just after the sweep has read which reservations expired.
   */
  async function sweepRacedBy(meanwhile: () => Promise<unknown>) {
    const race = racingHandle(t.app.ctx.db, t.database, meanwhile);
    try {
      const released = await releaseExpiredCheckouts({ ...t.app.ctx, db: race.db });
      expect(race.raced()).toBe(true);
      return released;
    } finally {
      await race.close();
    }
  }

  it('gives a reservation back once when the other instance releases it after this sweep read it as expired', async () => {
    const { product, holds } = await expiredHolds(1);

    let releasedThere = 0;
    const releasedHere = await sweepRacedBy(async () => {
      releasedThere = await releaseExpiredCheckouts(other.ctx);
    });

    expect(releasedHere + releasedThere).toBe(1);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(STOCK);
    expect(await checkoutRow(t.app.ctx.db, holds[0]!.orderId)).toMatchObject({ status: 'released' });
  });

  it('gives a reservation back once when the shopper cancels on the other instance after this sweep read it as expired', async () => {
    const { product, holds } = await expiredHolds(1);
    const { sid, orderId } = holds[0]!;

    let cancelStatus = 0;
    const releasedHere = await sweepRacedBy(async () => {
      cancelStatus = (await cancelPayment(other, sid, orderId)).statusCode;
    });

    expect(cancelStatus).toBe(200);
    expect(releasedHere).toBe(0);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(STOCK);
    expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({ status: 'released' });
  });

  // Truly at once: two instances' write transactions overlap. Several instances
  // run on PostgreSQL (docs/deploy.md); on SQLite, two connections in one test
  // process cannot both hold a write (better-sqlite3 waits for the lock without
  // letting the other commit), so the cases above cover it there.
  if (testDbKind === 'postgres')
    describe('at the same moment', () => {
      it('gives each reservation back once when both instances sweep together', async () => {
        const { product, holds } = await expiredHolds(4);

        const released = await Promise.all([
          releaseExpiredCheckouts(t.app.ctx),
          releaseExpiredCheckouts(other.ctx),
        ]);

        expect(released[0] + released[1]).toBe(holds.length);
        expect(await stockOf(t.app.ctx.db, product.id)).toBe(STOCK);
        for (const { orderId } of holds) {
          expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({ status: 'released' });
        }
      });

      it('gives each reservation back once when both instances sweep while the shoppers cancel', async () => {
        const { product, holds } = await expiredHolds(4);

        const [releasedHere, releasedThere, ...cancels] = await Promise.all([
          releaseExpiredCheckouts(t.app.ctx),
          releaseExpiredCheckouts(other.ctx),
          ...holds.map(({ sid, orderId }, i) => cancelPayment(i % 2 ? other : t.app, sid, orderId)),
        ]);

        expect(cancels.map((res) => res.statusCode)).toEqual(holds.map(() => 200));
        // A reservation a cancel gave back first is counted by neither sweep.
        expect(releasedHere + releasedThere).toBeLessThanOrEqual(holds.length);
        expect(await stockOf(t.app.ctx.db, product.id)).toBe(STOCK);
        for (const { orderId } of holds) {
          expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({ status: 'released' });
        }
      });
    });
});
