import { messages, TEST_CARDS, type Order, type Product } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInOwner, login, me, newCustomer, register, signUp, type Session } from './support/accounts.js';
import { attackDb, mainShop } from './support/context.js';
import { expectRefused } from './support/expect.js';
import { client } from './support/http.js';
import { addToCart, buyCart, cartOf, ordersOf, ownProducts, product, validShipping } from './support/shop.js';

/** Flags and ids a client might send to make itself an admin or someone else. */
const ROLE_CLAIMS = {
  isAdmin: true,
  is_admin: 1,
  admin: true,
  role: 'admin',
  _id: '00000000-0000-4000-8000-000000000000',
  id: '00000000-0000-4000-8000-000000000000',
};

// "2" is a select's value, taken as 2; a text that is no whole number is refused.
const BAD_QUANTITIES: unknown[] = [-100, 0, 1.5, '2.5', ' 2', '0x2', 1e9, null, [], [2], {}, true, 'ten'];
const BAD_RATINGS: unknown[] = [0, 6, 2.3, -1, 5.5, '4', null, [], { $gt: 0 }];

describe(`tampering (${attackDb()})`, () => {
  const api = client(mainShop().baseUrl);
  let buyer: Session;
  let products: Product[];

  beforeAll(async () => {
    const owner = await logInOwner(api);
    buyer = await signUp(api);
    products = await ownProducts(api, owner.sid, 2);
  });

  it('ignores price, name and image sent with saveCart: the cart shows the database product', async () => {
    const real = products[0]!;
    const res = await api.post('/api/saveCart', {
      sid: buyer.sid,
      json: {
        item: {
          ...real,
          price: 1,
          name: 'Free Lamp',
          image: 'https://evil.example/x.png',
          countInStock: 9999,
        },
        quantity: 2,
        price: 1,
        total: 1,
      },
    });
    expect(res.status, res.text).toBe(200);
    const line = (await cartOf(api, buyer.sid)).cartProducts.find((l) => l.product._id === real._id);
    const { reviews: _reviews, ...stored } = await product(api, buyer.sid, real._id);
    expect(line?.product).toEqual(stored);
    expect(line?.product).toMatchObject({ price: real.price, name: real.name, image: real.image });
    expect((await cartOf(api, buyer.sid)).total).toBe(real.price * 2);
  });

  it('charges the database total whatever amount and currency orderCreate carries, and the order starts undelivered', async () => {
    const customer = await signUp(api);
    const [first, second] = products;
    await addToCart(api, customer.sid, first!._id, 2);
    await addToCart(api, customer.sid, second!._id, 1);
    const total = Math.round((first!.price * 2 + second!.price) * 100) / 100;

    const { created, orders } = await buyCart(api, customer.sid, undefined, {
      orderCreate: {
        amount: 1,
        currency: 'USD',
        key: 'rzp_live_attacker',
        order_id: 'order_attacker',
        payment_capture: 0,
        isDelivered: true,
        cartProducts: [{ product: { ...first, price: 1 }, quantity: 2 }],
      },
      cartDetail: {
        amount: 1,
        orderAmount: 1,
        isDelivered: true,
        status: 'delivered',
        // `data` is the shipping form here: a valid one, with claims of its own alongside.
        data: { ...validShipping(), isDelivered: true, status: 'delivered', orderAmount: 1 },
        cartProducts: [{ product: { ...first, price: 1 }, quantity: 2 }],
      },
    });
    expect(created.data).toEqual({ id: created.id, currency: 'INR', amount: total });
    expect(
      orders.map((o) => [o.orderItem.price, o.paymentDetails.orderAmount, o.isDelivered]).sort(),
    ).toEqual(
      [
        [first!.price, first!.price * 2, false],
        [second!.price, second!.price, false],
      ].sort(),
    );
  });

  it("pays for nothing with a payment the gateway never took, or with another customer's payment", async () => {
    const [alice, bob] = [await signUp(api), await signUp(api)];
    const reserve = async (customer: Session) => {
      await addToCart(api, customer.sid, products[0]!._id, 1);
      const created = await api.post('/api/payment/orderCreate', {
        sid: customer.sid,
        json: { data: validShipping() },
      });
      expect(created.status, created.text).toBe(200);
      return created.body.id as string;
    };
    const [aliceOrderId, bobOrderId] = [await reserve(alice), await reserve(bob)];
    const aliceCart = await cartOf(api, alice.sid);
    const cartDetail = (sid: string, json: object) => api.post('/api/payment/cartDetail', { sid, json });

    // A made-up payment id: alone (as the spec's client sends it), with a shipping form,
    // with a made-up signature, or with half of the order id and signature pair.
    const madeUp = `pay_test_${'f'.repeat(18)}`;
    for (const json of [
      { razorpay_payment_id: madeUp },
      { razorpay_payment_id: madeUp, data: validShipping() },
      { razorpay_payment_id: madeUp, razorpay_order_id: aliceOrderId, razorpay_signature: 'f'.repeat(64) },
      { razorpay_payment_id: madeUp, razorpay_order_id: aliceOrderId },
      { razorpay_payment_id: madeUp, razorpay_signature: 'f'.repeat(64) },
    ]) {
      expectRefused(await cartDetail(alice.sid, json), 400, messages.paymentNotVerified);
    }

    // Bob pays his own checkout; Alice sends his payment, alone or as his signed window result.
    const bobPaid = await api.post('/api/payment/test-gateway/pay', {
      sid: bob.sid,
      json: { order_id: bobOrderId, card_number: TEST_CARDS.success },
    });
    expect(bobPaid.status, bobPaid.text).toBe(200);
    const bobPaymentId = bobPaid.body.razorpay_payment_id as string;
    expectRefused(
      await cartDetail(alice.sid, { razorpay_payment_id: bobPaymentId }),
      404,
      messages.checkoutNotFound,
    );
    expectRefused(await cartDetail(alice.sid, bobPaid.body as object), 404, messages.checkoutNotFound);
    // ...or as a result for her own order: its signature does not match.
    expectRefused(
      await cartDetail(alice.sid, { ...bobPaid.body, razorpay_order_id: aliceOrderId }),
      400,
      messages.paymentNotVerified,
    );
    expect(await ordersOf(api, alice.sid)).toEqual([]);
    expect(await cartOf(api, alice.sid)).toEqual(aliceCart);

    // Bob's payment still pays Bob's checkout, and only that.
    const confirmed = await cartDetail(bob.sid, { razorpay_payment_id: bobPaymentId });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((confirmed.body.data as Order[]).map((o) => o.paymentDetails.orderAmount)).toEqual([
      products[0]!.price,
    ]);
    expect(await ordersOf(api, alice.sid)).toEqual([]);
  });

  it('keeps a new account a customer whatever isAdmin, role or _id the registration carries', async () => {
    const customer = newCustomer();
    expect((await register(api, customer, ROLE_CLAIMS)).status).toBe(201);
    const res = await login(api, customer.email, customer.password);
    expect(res.body).toMatchObject({ isAdmin: false });
    const sid = res.cookies.find((c) => c.name === 'sid')!.value;
    const user = (await me(api, sid)).body;
    expect(user).toMatchObject({ email: customer.email, isAdmin: false });
    expect(user._id).not.toBe(ROLE_CLAIMS._id);
    expectRefused(await api.get('/api/getAllUsers', { sid }), 403, messages.adminOnly);
  });

  it('ignores isAdmin, role, _id and email sent with a profile update', async () => {
    const customer = await signUp(api);
    const res = await api.patch('/api/user/update', {
      sid: customer.sid,
      json: { userName: 'Renamed Customer', email: 'owner@attack.test', ...ROLE_CLAIMS },
    });
    expect(res.status, res.text).toBe(200);
    expect((await me(api, customer.sid)).body).toEqual({
      _id: customer.id,
      name: 'Renamed Customer',
      email: customer.email,
      isAdmin: false,
    });
    expectRefused(await api.get('/api/getAllUsers', { sid: customer.sid }), 403, messages.adminOnly);
  });

  it('stores the session user as a review author whatever userId, name or _id the body carries', async () => {
    const customer = await signUp(api);
    const target = products[1]!;
    const res = await api.post('/api/user/review', {
      sid: customer.sid,
      json: {
        productId: target._id,
        rating: 5,
        comment: 'Mine.',
        userId: ROLE_CLAIMS._id,
        name: 'Owner',
        ...ROLE_CLAIMS,
      },
    });
    expect(res.status, res.text).toBe(201);
    const review = (await product(api, customer.sid, target._id)).reviews.find((r) => r.comment === 'Mine.');
    expect(review).toMatchObject({ userId: customer.id, name: customer.name, verifiedPurchase: false });
  });

  it.each(BAD_QUANTITIES)(
    'refuses the cart quantity %j with 400 and keeps the cart as it was',
    async (quantity) => {
      const customer = await signUp(api);
      const [kept, other] = products;
      await addToCart(api, customer.sid, kept!._id, 3);
      const before = await cartOf(api, customer.sid);

      const saves = [
        await api.post('/api/saveCart', { sid: customer.sid, json: { item: { _id: kept!._id }, quantity } }),
        await api.post('/api/saveCart', { sid: customer.sid, json: { item: { _id: other!._id }, quantity } }),
        await api.patch('/api/updateQuantity', { sid: customer.sid, json: { id: kept!._id, quantity } }),
      ];
      for (const res of saves) {
        expectRefused(res, 400);
        expect([
          messages.quantityWholeNumber,
          messages.quantityAtLeastOne,
          messages.quantityTooLarge,
        ]).toContain(res.body);
      }
      expect(await cartOf(api, customer.sid)).toEqual(before);
    },
  );

  it.each(BAD_RATINGS)('refuses the rating %j with 400 and keeps the product rating', async (rating) => {
    const target = products[0]!;
    const before = await product(api, buyer.sid, target._id);
    const res = await api.post('/api/user/review', {
      sid: buyer.sid,
      json: { productId: target._id, rating, comment: 'A rating off the scale.' },
    });
    expectRefused(res, 400, messages.invalidRating);
    expect(await product(api, buyer.sid, target._id)).toEqual(before);
  });
});
