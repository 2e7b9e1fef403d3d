import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, checkoutRow, customer, startCheckout, stockOf } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';
import { createSessionStore } from '../../src/modules/sessions/store.js';

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

  it('removes expired sessions a chunk at a time, all of them, and no live one', async () => {
    const week = 7 * 24 * 60;
    const expiring = [];
    for (let i = 0; i < 5; i += 1) expiring.push(await customer(t.app));
    t.clock.advance(minutes(week - 60));
    const live = await customer(t.app);
    t.clock.advance(minutes(120));
    const store = createSessionStore(t.app.ctx.db, t.clock, week * 60_000);
    // Sessions left by the earlier test may expire too: at least the five, in chunks of two.
    expect(await store.purgeExpired(2)).toBeGreaterThanOrEqual(5);
    const left = await t.app.ctx.db.selectFrom('sessions').select(['user_id', 'expires_at']).execute();
    expect(left.map((row) => row.user_id)).toContain(live.id);
    for (const gone of expiring) expect(left.map((row) => row.user_id)).not.toContain(gone.id);
    expect(left.every((row) => row.expires_at > t.clock.now().toISOString())).toBe(true);
  });
});
