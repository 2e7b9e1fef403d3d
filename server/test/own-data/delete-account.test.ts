import { messages, ownMessages, type Order } from '@shop/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCount, call, loggedIn, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  buyCart,
  cartRows,
  checkoutRows,
  getOrders,
  startCheckout,
  stockOf,
  validShipping,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { resetRows, userRow } from '../helpers/db.js';
import { createProduct, postReview, productOf } from '../helpers/products.js';
import { getUser } from '../helpers/requests.js';
import { loginAs } from '../helpers/users.js';

describe(`deleting your own account (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const deleteAccount = (sid: string | undefined, password: unknown) =>
    call(t.app, 'POST', '/api/user/delete', sid, { password });

  /** A customer with a paid order and a review, a cart line, stock held by an unpaid checkout and a reset link. */
  async function busyCustomer() {
    const me = await loggedIn(t.app);
    const bought = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    await addToCart(t.app, me.sid, bought.id, 1);
    const shipping = validShipping({ name: 'Asha Rao', email: me.user.email });
    const { orders } = await buyCart(t.app, me.sid, shipping);
    const review = await postReview(t.app, me.sid, { productId: bought.id, rating: 4, comment: 'Bright' });
    expect(review.statusCode).toBe(201);
    const held = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    await addToCart(t.app, me.sid, held.id, 3);
    await startCheckout(t.app, me.sid);
    expect(await stockOf(t.app.ctx.db, held.id)).toBe(7);
    const forgot = await call(t.app, 'POST', '/api/user/forgotPass', undefined, { email: me.user.email });
    expect(forgot.statusCode).toBe(200);
    expect(await resetRows(t.app, me.user.email)).toHaveLength(1);
    return { me, bought, held, shipping, order: orders[0]! };
  }

  it('needs the current password: a wrong or missing one changes nothing', async () => {
    const me = await loggedIn(t.app);
    const wrong = await deleteAccount(me.sid, 'not-my-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toBe(ownMessages.passwordIncorrect);
    const missing = await call(t.app, 'POST', '/api/user/delete', me.sid, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toBe(ownMessages.passwordRequired);
    expect(await userRow(t.app, me.user.email)).toBeDefined();
    expect((await getUser(t.app, me.sid)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await deleteAccount(undefined, 'secret-pass-1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toBe(messages.loginRequired);
  });

  it('removes the account, its sessions, cart and reset links; orders stay without name or contact; reviews stay anonymised', async () => {
    const { me, bought, held, order } = await busyCustomer();
    const elsewhere = await loginAs(t.app, me.user, { register: false });

    const res = await deleteAccount(me.sid, me.user.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ownMessages.accountDeleted });
    // This browser's cookie is cleared; every other session is gone too.
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await getUser(t.app, elsewhere.sid)).statusCode).toBe(401);
    expect(await userRow(t.app, me.user.email)).toBeUndefined();
    expect(await cartRows(t.app.ctx.db, me.id)).toHaveLength(0);
    const resets = await t.app.ctx.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('user_id', '=', me.id)
      .execute();
    expect(resets).toHaveLength(0);
    const sessions = await t.app.ctx.db
      .selectFrom('sessions')
      .select('user_id')
      .where('user_id', '=', me.id)
      .execute();
    expect(sessions).toHaveLength(0);
    // The held stock is back on the shelf.
    expect(await stockOf(t.app.ctx.db, held.id)).toBe(10);

    // The seller still sees the sale: amount, date, product, place of supply; no name or contact.
    const adminView = await call(t.app, 'GET', `/api/admin/orders/${order._id}`, admin.sid);
    expect(adminView.statusCode).toBe(200);
    const kept = (adminView.json() as { order: Order }).order;
    expect(kept.paymentDetails.orderAmount).toBe(order.paymentDetails.orderAmount);
    expect(kept.time).toBe(order.time);
    expect(kept.orderItem.productId).toBe(bought.id);
    expect(kept.sent_to).toEqual({ name: ownMessages.deletedCustomer, email: '', phone: '' });
    expect(kept.shippingAddress).toEqual({ ...order.shippingAddress, streetAddress: '' });
    for (const checkout of await checkoutRows(t.app.ctx.db, me.id)) {
      expect(checkout.shipping).not.toContain(me.user.email);
      expect(checkout.shipping).not.toContain('Asha Rao');
    }

    // The review stays on the product, under "Deleted customer", and still counts.
    const product = await productOf(t.app, admin.sid, bought.id);
    const review = product.product.reviews.find((r) => r.comment === 'Bright');
    expect(review?.name).toBe(ownMessages.deletedCustomer);
    expect(JSON.stringify(product)).not.toContain(me.user.name);

    // The address can register again, as a new account with none of the old orders.
    const again = await loginAs(t.app, me.user);
    expect(((await getOrders(t.app, again.sid)).json() as Order[]).length).toBe(0);
  });

  it('refuses the last admin, and lets an admin go while another remains', async () => {
    await t.app.ctx.db.updateTable('users').set({ is_admin: 0 }).execute();
    const only = await loginAsAdmin(t.app);
    const refused = await deleteAccount(only.sid, only.user.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toBe(ownMessages.lastAdminCannotLeave);
    expect(await adminCount(t.app.ctx.db)).toBe(1);

    const other = await loginAsAdmin(t.app);
    const res = await deleteAccount(only.sid, only.user.password);
    expect(res.statusCode).toBe(200);
    expect(await adminCount(t.app.ctx.db)).toBe(1);
    expect((await getUser(t.app, other.sid)).statusCode).toBe(200);
  });

  it('leaves exactly one admin when the last two delete themselves at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      await t.app.ctx.db.updateTable('users').set({ is_admin: 0 }).execute();
      const a = await loginAsAdmin(t.app);
      const b = await loginAsAdmin(t.app);
      const answers = await Promise.all([
        deleteAccount(a.sid, a.user.password),
        deleteAccount(b.sid, b.user.password),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await adminCount(t.app.ctx.db)).toBe(1);
    }
  });

  if (testDbKind === 'postgres')
    it("goes through while the owner cancels one of the customer's orders at that moment", async () => {
      // The customer's paid order of a product, and an unpaid checkout holding more of it.
      const me = await loggedIn(t.app);
      const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
      await addToCart(t.app, me.sid, product.id, 1);
      const { orders } = await buyCart(t.app, me.sid);
      await addToCart(t.app, me.sid, product.id, 2);
      await startCheckout(t.app, me.sid);
      expect(await stockOf(t.app.ctx.db, product.id)).toBe(2);

      // The owner's cancel, step by step: it locks the order, then puts its stock back.
      const owner = new pg.Client({ connectionString: t.database.databaseUrl });
      await owner.connect();
      try {
        await owner.query('begin');
        await owner.query('select id from orders where id = $1 for update', [orders[0]!._id]);
        const deleting = deleteAccount(me.sid, me.user.password);
        await waitForLockWait(owner);
        await owner.query('update products set count_in_stock = count_in_stock + 1 where id = $1', [
          product.id,
        ]);
        await owner.query('commit');
        const res = await deleting;
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: ownMessages.accountDeleted });
      } finally {
        await owner.end();
      }
      // The cancel's unit and the checkout's two are back.
      expect(await stockOf(t.app.ctx.db, product.id)).toBe(5);
    });

  it('logs the browser out: its old cookie starts no new session', async () => {
    const me = await loggedIn(t.app);
    const res = await deleteAccount(me.sid, me.user.password);
    expect(sessionCookie(res)).toBe('');
    expect((await getUser(t.app, me.sid)).statusCode).toBe(401);
  });
});

/** Resolves once another session of the database waits for a row lock (the delete, behind the owner's). */
async function waitForLockWait(client: pg.Client) {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await client.query(
      "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The delete never waited for the order lock');
}
