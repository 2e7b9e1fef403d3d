import { messages, orderMessages, type AdminOrderDetail, type Order, type Product } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInOwner, signUp, type Session } from './support/accounts.js';
import { attackDb, mainShop } from './support/context.js';
import { expectRefused } from './support/expect.js';
import { client } from './support/http.js';
import { addToCart, buyCart, ordersOf, ownProducts, product } from './support/shop.js';

/**
 * After the payment: a customer cancelling someone else's order or a shipped
 * one, and refunding twice, by repeating or racing the requests.
 */
describe(`order states and refunds (${attackDb()})`, () => {
  const api = client(mainShop().baseUrl);
  let owner: Session;
  let alice: Session;
  let mallory: Session;
  let goods: Product;

  beforeAll(async () => {
    [owner, alice, mallory] = await Promise.all([logInOwner(api), signUp(api), signUp(api)]);
    goods = (await ownProducts(api, owner.sid, 1))[0]!;
  });

  async function aliceBuys(quantity = 1): Promise<Order> {
    await addToCart(api, alice.sid, goods._id, quantity);
    return (await buyCart(api, alice.sid)).orders[0]!;
  }
  const detail = async (id: string) =>
    (await api.get(`/api/admin/orders/${id}`, { sid: owner.sid })).body as AdminOrderDetail;
  const cancelAs = (sid: string, id: string) => api.post(`/api/user/orders/${id}/cancel`, { sid });

  it("answers 404 to a customer cancelling another customer's order, by its id or an injected one, and nothing moves", async () => {
    const order = await aliceBuys();
    const stock = (await product(api, owner.sid, goods._id)).countInStock;
    for (const id of [order._id, encodeURIComponent(`${order._id}' OR '1'='1`), encodeURIComponent('*')]) {
      expectRefused(await cancelAs(mallory.sid, id), 404, messages.orderNotFound);
    }
    // Claiming to be Alice in the body or headers changes nothing either.
    const claimed = await api.post(`/api/user/orders/${order._id}/cancel`, {
      sid: mallory.sid,
      json: { userId: alice.id, user_id: alice.id },
      headers: { 'x-user-id': alice.id },
    });
    expectRefused(claimed, [400, 404]);
    const mine = (await ordersOf(api, alice.sid)).find((o) => o._id === order._id)!;
    expect(mine).toMatchObject({ status: 'placed', refund: null });
    expect((await product(api, owner.sid, goods._id)).countInStock).toBe(stock);
  });

  it('refuses a customer cancelling a shipped order (409): no refund, no stock back', async () => {
    const order = await aliceBuys();
    const shipped = await api.post(`/api/admin/orders/${order._id}/ship`, {
      sid: owner.sid,
      json: { carrier: 'Blue Dart', trackingNumber: 'BD0001' },
    });
    expect(shipped.status, shipped.text).toBe(200);
    const stock = (await product(api, owner.sid, goods._id)).countInStock;
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancelAs(alice.sid, order._id)));
    for (const res of answers) expectRefused(res, 409, orderMessages.cannotCancelShipped);
    const page = await detail(order._id);
    expect(page.order.status).toBe('shipped');
    expect(page.refunds).toEqual([]);
    expect((await product(api, owner.sid, goods._id)).countInStock).toBe(stock);
  });

  it('a customer cancelling the same order many times at once is refunded once and restocked once', async () => {
    const order = await aliceBuys(2);
    const stock = (await product(api, owner.sid, goods._id)).countInStock;
    const answers = await Promise.all(Array.from({ length: 8 }, () => cancelAs(alice.sid, order._id)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const page = await detail(order._id);
    expect(page.refunds).toHaveLength(1);
    expect(page.refunds[0]!.amount).toBe(order.paymentDetails.orderAmount);
    expect((await product(api, owner.sid, goods._id)).countInStock).toBe(stock + 2);
  });

  it('refunding twice, in a row or at once, never pays out more than the order', async () => {
    const order = await aliceBuys();
    expect((await api.patch(`/api/admin/orders/${order._id}/deliver`, { sid: owner.sid })).status).toBe(200);
    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post(`/api/admin/orders/${order._id}/refund`, { sid: owner.sid, json: {} }),
      ),
    );
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    for (const res of racing.filter((r) => r.status !== 200)) {
      expectRefused(res, 409, orderMessages.refundNothingLeft);
    }
    const again = await api.post(`/api/admin/orders/${order._id}/refund`, {
      sid: owner.sid,
      json: { amount: 1 },
    });
    expectRefused(again, 409, orderMessages.refundNothingLeft);
    // A return after the refund asks for nothing more.
    expect(
      (
        await api.post(`/api/admin/orders/${order._id}/return`, {
          sid: owner.sid,
          json: { resaleable: false },
        })
      ).status,
    ).toBe(200);
    const page = await detail(order._id);
    const paidOut = page.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    expect(paidOut).toBe(order.paymentDetails.orderAmount);
    // Retrying a processed refund is refused too.
    const retry = await api.post(`/api/admin/refunds/${page.refunds[0]!._id}/retry`, { sid: owner.sid });
    expectRefused(retry, 409, orderMessages.refundNotRetryable);
  });

  it('refuses a customer refunding their own order through the admin route (403)', async () => {
    const order = await aliceBuys();
    expectRefused(
      await api.post(`/api/admin/orders/${order._id}/refund`, { sid: alice.sid, json: {} }),
      403,
      messages.adminOnly,
    );
    expect((await detail(order._id)).refunds).toEqual([]);
  });
});
