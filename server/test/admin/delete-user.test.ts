import { messages, ownMessages, type AdminOrder, type Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCount, call, deleteUser, loggedIn, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  buyCart,
  cartRows,
  checkoutRows,
  getOrders,
  orderRows,
  startCheckout,
  stockOf,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { userRow } from '../helpers/db.js';
import { createProduct, postReview, productOf, reviewRows } from '../helpers/products.js';
import { getUser } from '../helpers/requests.js';
import { loginAs, registerUser } from '../helpers/users.js';

describe(`deleting a user (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  function sessionsOf(userId: string) {
    return t.app.ctx.db.selectFrom('sessions').select('user_id').where('user_id', '=', userId).execute();
  }

  /** A customer with a paid order and a review, a cart line and stock held by an unpaid checkout. */
  async function busyCustomer() {
    const me = await loggedIn(t.app);
    const bought = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    await addToCart(t.app, me.sid, bought.id, 1);
    const { orders } = await buyCart(t.app, me.sid);
    const review = await postReview(t.app, me.sid, {
      productId: bought.id,
      rating: 4,
      comment: 'Sturdy and bright',
    });
    expect(review.statusCode).toBe(201);
    const held = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    await addToCart(t.app, me.sid, held.id, 3);
    await startCheckout(t.app, me.sid);
    expect(await stockOf(t.app.ctx.db, held.id)).toBe(7);
    expect(await cartRows(t.app.ctx.db, me.id)).toHaveLength(1);
    return { me, bought, held, order: orders[0]! };
  }

  it('answers 200 and ends their sessions: their cookie now gets 401', async () => {
    const victim = await loggedIn(t.app);
    const second = await loginAs(t.app, victim.user, { register: false });
    expect((await getUser(t.app, victim.sid)).statusCode).toBe(200);

    const res = await deleteUser(t.app, admin.sid, victim.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.userDeleted });
    for (const sid of [victim.sid, second.sid]) {
      const after = await getUser(t.app, sid);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual(messages.loginRequired);
    }
    expect(await sessionsOf(victim.id)).toEqual([]);
    expect(await userRow(t.app, victim.user.email)).toBeUndefined();
  });

  it('removes their cart lines and puts the stock their unpaid checkout held back on the shelf', async () => {
    const { me, held } = await busyCustomer();
    expect((await deleteUser(t.app, admin.sid, me.id)).statusCode).toBe(200);
    expect(await cartRows(t.app.ctx.db, me.id)).toEqual([]);
    expect(await stockOf(t.app.ctx.db, held.id)).toBe(10);
    const checkouts = await checkoutRows(t.app.ctx.db, me.id);
    expect(checkouts.map((c) => c.status).sort()).toEqual(['paid', 'released']);
  });

  it('keeps their orders and reviews: the review shows as "Deleted customer", still counted', async () => {
    const { me, bought, order } = await busyCustomer();
    expect((await deleteUser(t.app, admin.sid, me.id)).statusCode).toBe(200);

    expect((await orderRows(t.app.ctx.db, me.id)).map((o) => o.id)).toEqual([order._id]);
    expect(await reviewRows(t.app.ctx.db, bought.id)).toEqual([
      expect.objectContaining({
        user_id: me.id,
        user_name: ownMessages.deletedCustomer,
        comment: 'Sturdy and bright',
      }),
    ]);
    const viewer = await loggedIn(t.app);
    const { product } = await productOf(t.app, viewer.sid, bought.id);
    expect(product.reviews).toEqual([
      expect.objectContaining({
        userId: me.id,
        name: ownMessages.deletedCustomer,
        rating: 4,
        comment: 'Sturdy and bright',
      }),
    ]);
    expect(JSON.stringify(product)).not.toContain(me.user.name);
    expect(product).toMatchObject({ rating: 4, numReviews: 1 });

    // The admin's order list still shows the order, with the recipient standing in for the buyer.
    const all = (await call(t.app, 'GET', '/api/admin/orders', admin.sid)).json() as AdminOrder[];
    const kept = all.find((o) => o._id === order._id)!;
    expect(kept.buyer).toEqual({ userId: me.id, name: order.sent_to.name, email: order.sent_to.email });
  });

  it('lets their email register again, as a new account with nothing of the old one', async () => {
    const { me } = await busyCustomer();
    expect((await deleteUser(t.app, admin.sid, me.id)).statusCode).toBe(200);
    await registerUser(t.app, { ...me.user, password: 'another-pass-2', confiremPassword: 'another-pass-2' });
    const again = await loginAs(
      t.app,
      { ...me.user, password: 'another-pass-2', confiremPassword: 'another-pass-2' },
      { register: false },
    );
    const row = await userRow(t.app, me.user.email);
    expect(row!.id).not.toBe(me.id);
    expect(row!.is_admin).toBe(0);
    expect((await getOrders(t.app, again.sid)).json() as Order[]).toEqual([]);
  });

  it('refuses an admin deleting themselves with 409, and keeps them logged in', async () => {
    const res = await deleteUser(t.app, admin.sid, admin.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messages.cannotDeleteSelf);
    expect(await userRow(t.app, admin.user.email)).toMatchObject({ id: admin.id, is_admin: 1 });
    expect((await getUser(t.app, admin.sid)).statusCode).toBe(200);
  });

  it.each([
    ['an unknown id', '7d1f4a4e-0000-4000-8000-000000000000'],
    ['an SQL injection matching everything', encodeURIComponent("' OR '1'='1")],
    ['an encoded NUL', '%00'],
  ])('answers 404 to %s and deletes nobody', async (_case, id) => {
    const before = await t.app.ctx.db.selectFrom('users').select('id').execute();
    const res = await deleteUser(t.app, admin.sid, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.userNotFound);
    expect(await t.app.ctx.db.selectFrom('users').select('id').execute()).toEqual(before);
  });

  it('lets an admin delete another admin while one stays', async () => {
    const other = await loginAsAdmin(t.app);
    const admins = await adminCount(t.app.ctx.db);
    const res = await deleteUser(t.app, admin.sid, other.id);
    expect(res.statusCode).toBe(200);
    expect(await adminCount(t.app.ctx.db)).toBe(admins - 1);
    expect((await call(t.app, 'GET', '/api/getAllUsers', other.sid)).statusCode).toBe(401);
  });
});
