import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, checkoutRow, customer, startCheckout, stockOf } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

const minutes = (n: number) => n * 60_000;
/** Real time passes (setTimeout is not faked) while the sweep's database work settles. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

/**
 * The shop gives unpaid reservations back by itself, with no request to
 * trigger it: the app starts a sweep every minute. Only setInterval is faked,
 * so the test moves the minute on while the database and its drivers run in
 * real time.
 */
describe(`the minute sweep of unpaid reservations and expired sessions (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it('gives an expired reservation back within a minute, with no request made', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 2);
    const { id } = await startCheckout(t.app, me.sid);
    t.clock.advance(minutes(16));

    vi.advanceTimersByTime(59_000);
    await settle();
    expect(await checkoutRow(t.app.ctx.db, id)).toMatchObject({ status: 'pending' });
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);

    vi.advanceTimersByTime(1_000);
    await vi.waitFor(async () => expect(await stockOf(t.app.ctx.db, product.id)).toBe(5), {
      timeout: 5_000,
    });
    expect(await checkoutRow(t.app.ctx.db, id)).toMatchObject({ status: 'released' });
  });

  it('removes expired sessions within a minute and keeps live ones', async () => {
    const week = 7 * 24 * 60;
    const early = await customer(t.app);
    t.clock.advance(minutes(week - 60));
    const late = await customer(t.app);
    t.clock.advance(minutes(120)); // the early session is an hour past its week, the late one has days left
    const sessionsOf = (who: { id: string }) =>
      t.app.ctx.db.selectFrom('sessions').select('user_id').where('user_id', '=', who.id).execute();
    expect(await sessionsOf(early)).toHaveLength(1);

    vi.advanceTimersByTime(60_000);
    await vi.waitFor(async () => expect(await sessionsOf(early)).toHaveLength(0), { timeout: 5_000 });
    expect(await sessionsOf(late)).toHaveLength(1);
  });
});
