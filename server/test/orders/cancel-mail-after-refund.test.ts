import { orderMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { decodedMail, outbox } from '../helpers/mail.js';
import { createProduct } from '../helpers/products.js';

describe(`the cancellation mail after part of the order was refunded (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  /** A customer who paid ₹449.99 for one order, and the owner's action on it. */
  async function bought() {
    const product = await createProduct(t.app.ctx.db, { price_paise: 449_99, count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    const { orders } = await buyCart(t.app, me.sid);
    return { me, order: orders[0]! };
  }
  const act = async (id: string, action: string, body: object = {}) => {
    const res = await call(t.app, 'POST', `/api/admin/orders/${id}/${action}`, admin.sid, body);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const cancelMail = async (to: string) => {
    const mails = [...(await outbox(t)).values()]
      .map(decodedMail)
      .filter((m) => m.includes(`To: ${to}`) && m.includes(orderMessages.mailCancelled));
    expect(mails).toHaveLength(1);
    return mails[0]!;
  };

  it('says what is left to refund, not the whole line', async () => {
    const { me, order } = await bought();
    await act(order._id, 'refund', { amount: 100 });
    const res = await act(order._id, 'cancel', { reason: 'out of stock' });
    expect(res.json()).toMatchObject({ order: { refund: { amount: 449.99 } } });
    const mail = await cancelMail(me.user.email);
    expect(mail).toContain('To be refunded: ₹349.99');
    expect(mail).toContain('₹100 of what you paid for it was refunded before');
    expect(mail).not.toContain('To be refunded: ₹449.99');
  });

  it('with nothing refunded before, promises the whole line', async () => {
    const { me, order } = await bought();
    await act(order._id, 'cancel', { reason: 'out of stock' });
    const mail = await cancelMail(me.user.email);
    expect(mail).toContain('To be refunded: ₹449.99');
    expect(mail).not.toContain('refunded before');
  });

  it('with all of it refunded before, promises nothing more', async () => {
    const { me, order } = await bought();
    await act(order._id, 'refund');
    await act(order._id, 'cancel', { reason: 'out of stock' });
    const mail = await cancelMail(me.user.email);
    expect(mail).toContain('To be refunded: ₹0');
    expect(mail).toContain('What you paid for it has already been refunded.');
    expect(mail).not.toContain('is being refunded');
  });
});
