import { TEST_CARDS } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payWithTestCard } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { payingCustomer, snapshot, startRazorpayShop, type RazorpayShop } from '../helpers/razorpay-flow.js';

/**
 * The built-in test gateway signs a payment for its success card with the
 * shop's own key secret. With Razorpay's keys set, that would be a way to
 * have goods paid by no one: the route must not exist.
 */
describe(`the test gateway with Razorpay keys set (${testDbKind})`, () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop();
  });
  afterAll(() => shop.close());

  it('answers 404 to the test card for a real Razorpay order, and the order stays unpaid', async () => {
    const { app } = shop.t;
    const me = await payingCustomer(shop);
    const before = await snapshot(app, me);

    const res = await payWithTestCard(app, me.sid, me.orderId, TEST_CARDS.success);

    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('razorpay_signature');
    expect(await snapshot(app, me)).toEqual(before);
    expect(before.checkouts).toEqual([expect.objectContaining({ status: 'pending', payment_id: null })]);
  });
});
