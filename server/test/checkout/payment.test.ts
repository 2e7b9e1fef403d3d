import { messages, type Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cancelPayment,
  cartDetail,
  cartOf,
  cartRows,
  checkoutRow,
  customer,
  orderRows,
  signedPayment,
  startCheckout,
  stockOf,
  validShipping,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { mailText, outbox } from '../helpers/mail.js';
import { createProduct } from '../helpers/products.js';

describe(`a verified payment becomes orders (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers one order per cart line with snapshots, marks the checkout paid and empties the cart', async () => {
    const kurta = await createProduct(t.app.ctx.db, { price_paise: 1299_50, count_in_stock: 5 });
    const lamp = await createProduct(t.app.ctx.db, { price_paise: 499_00, count_in_stock: 3 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, kurta.id, 2);
    await addToCart(t.app, me.sid, lamp.id, 1);
    const shipping = validShipping({ email: `buyer-${me.id}@example.com` });
    const { id: orderId } = await startCheckout(t.app, me.sid, shipping);
    const payment = await signedPayment(t.app, me.sid, orderId);

    const res = await cartDetail(t.app, me.sid, payment);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { data: Order[]; message: string };
    expect(answer.message).toBe(messages.paymentSuccess);
    const byProduct = new Map(answer.data.map((o) => [o.orderItem.productId, o]));
    expect(answer.data).toHaveLength(2);
    const common = {
      _id: expect.any(String),
      sent_to: { name: shipping.name, email: shipping.email, phone: shipping.phone },
      shippingAddress: {
        streetAddress: shipping.streetAddress,
        town: shipping.town,
        pincode: shipping.pincode,
        state: shipping.state,
        country: shipping.country,
      },
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      isDelivered: false,
      status: 'placed',
      shipment: null,
      refund: null,
      taxDocuments: null,
    };
    expect(byProduct.get(kurta.id)).toEqual({
      ...common,
      orderItem: { productId: kurta.id, name: kurta.name, image: kurta.image, price: 1299.5, quantity: 2 },
      paymentDetails: {
        orderId,
        transactionId: payment.razorpay_payment_id,
        orderAmount: 2599,
        isDelivered: false,
      },
    });
    expect(byProduct.get(lamp.id)).toEqual({
      ...common,
      orderItem: { productId: lamp.id, name: lamp.name, image: lamp.image, price: 499, quantity: 1 },
      paymentDetails: {
        orderId,
        transactionId: payment.razorpay_payment_id,
        orderAmount: 499,
        isDelivered: false,
      },
    });

    expect(await checkoutRow(t.app.ctx.db, orderId)).toMatchObject({
      status: 'paid',
      payment_id: payment.razorpay_payment_id,
      closed_at: expect.any(String),
    });
    const rows = await orderRows(t.app.ctx.db, me.id);
    expect(rows.map((r) => r.id).sort()).toEqual(answer.data.map((o) => o._id).sort());
    expect(await cartRows(t.app.ctx.db, me.id)).toEqual([]);
    expect(await cartOf(t.app, me.sid)).toEqual({ cartProducts: [], total: 0 });
    // Reserved once at orderCreate, not taken again at payment.
    expect(await stockOf(t.app.ctx.db, kurta.id)).toBe(3);
    expect(await stockOf(t.app.ctx.db, lamp.id)).toBe(2);
  });

  it('keeps the snapshot when the product changes after the order', async () => {
    const product = await createProduct(t.app.ctx.db, { price_paise: 250_00, count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    const { id } = await startCheckout(t.app, me.sid);
    // A price change after the reservation does not change what is charged or recorded.
    await t.app.ctx.db
      .updateTable('products')
      .set({ price_paise: 999_00, name: 'Renamed later' })
      .where('id', '=', product.id)
      .execute();
    const res = await cartDetail(t.app, me.sid, await signedPayment(t.app, me.sid, id));
    const [order] = (res.json() as { data: Order[] }).data;
    expect(order?.orderItem).toMatchObject({ name: product.name, price: 250 });
    expect(order?.paymentDetails).toMatchObject({ orderAmount: 250 });
  });

  it('does not trust the shipping and cart lines sent with the payment', async () => {
    const product = await createProduct(t.app.ctx.db, { price_paise: 100_00, count_in_stock: 5 });
    const freebie = await createProduct(t.app.ctx.db, { price_paise: 50_000_00, count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    const shipping = validShipping({ name: 'Stored Name' });
    const { id } = await startCheckout(t.app, me.sid, shipping);
    const payment = await signedPayment(t.app, me.sid, id);

    const res = await cartDetail(t.app, me.sid, {
      ...payment,
      data: validShipping({ name: 'Someone Else', email: 'else@example.com', town: 'Elsewhere' }),
      cartProducts: [
        { product: { _id: freebie.id, name: freebie.name, price: 1 }, quantity: 5 },
        { product: { _id: product.id, price: 1 }, quantity: 3 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const rows = await orderRows(t.app.ctx.db, me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      product_id: product.id,
      quantity: 1,
      recipient_name: 'Stored Name',
      recipient_email: shipping.email,
      town: shipping.town,
    });
    expect(Number(rows[0]!.price_paise)).toBe(100_00);
    expect(Number(rows[0]!.amount_paise)).toBe(100_00);
    expect(await stockOf(t.app.ctx.db, freebie.id)).toBe(5);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(4);
  });

  it("mails the order confirmation to the account's own address, once, never to the shipping email", async () => {
    const product = await createProduct(t.app.ctx.db, { price_paise: 1234_00, count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 2);
    const email = `ship-${me.id}@example.com`;
    const before = await outbox(t);
    const { id } = await startCheckout(t.app, me.sid, validShipping({ email, name: 'Ravi Kumar' }));
    const payment = await signedPayment(t.app, me.sid, id);
    await cartDetail(t.app, me.sid, payment);
    await cartDetail(t.app, me.sid, payment);

    const mails = [...(await outbox(t))].filter(([name]) => !before.has(name)).map(([, raw]) => raw);
    expect(mails).toHaveLength(1);
    const text = mailText(mails[0]!);
    expect(text).toMatch(new RegExp(`^To: ${me.user.email.replaceAll('.', '\\.')}$`, 'mi'));
    expect(text).toContain(`Hello ${me.user.name},`);
    expect(text).toContain('Shipping to: Ravi Kumar, 12 MG Road');
    expect(text).toContain(`${product.name} x 2`);
    expect(text).toContain('₹2,468');
    expect(text).toContain(payment.razorpay_payment_id);
    // Whatever address the shipping form names gets nothing.
    expect(text).not.toMatch(/^To: ship-/im);
  });

  it('sends a copy to the shipping email only with ORDER_MAIL_COPY_TO_SHIPPING=1', async () => {
    const copying = await createTestApp({ ORDER_MAIL_COPY_TO_SHIPPING: '1' });
    try {
      const product = await createProduct(copying.app.ctx.db, { count_in_stock: 5 });
      const me = await customer(copying.app);
      await addToCart(copying.app, me.sid, product.id, 1);
      const email = `ship-${me.id}@example.com`;
      const { id } = await startCheckout(copying.app, me.sid, validShipping({ email }));
      await cartDetail(copying.app, me.sid, await signedPayment(copying.app, me.sid, id));

      const to = [...(await outbox(copying)).values()]
        .filter((raw) => raw.includes('Your order is placed'))
        .map((raw) => /^To: (.+)$/m.exec(raw)?.[1]?.trim())
        .sort();
      expect(to).toEqual([me.user.email, email].sort());
    } finally {
      await copying.close();
    }
  });

  it('leaves a line added to the cart after orderCreate in the cart', async () => {
    const bought = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const later = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, bought.id, 1);
    const { id } = await startCheckout(t.app, me.sid);
    await addToCart(t.app, me.sid, later.id, 2);
    await cartDetail(t.app, me.sid, await signedPayment(t.app, me.sid, id));
    expect((await cartRows(t.app.ctx.db, me.id)).map((r) => [r.product_id, r.quantity])).toEqual([
      [later.id, 2],
    ]);
    expect((await orderRows(t.app.ctx.db, me.id)).map((r) => r.product_id)).toEqual([bought.id]);
  });

  it('gives the stock back on cancel and leaves the cart as it was', async () => {
    const [a, b] = [
      await createProduct(t.app.ctx.db, { count_in_stock: 5 }),
      await createProduct(t.app.ctx.db, { count_in_stock: 2 }),
    ];
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, a.id, 3);
    await addToCart(t.app, me.sid, b.id, 2);
    const cartBefore = await cartOf(t.app, me.sid);
    const { id } = await startCheckout(t.app, me.sid);
    expect([await stockOf(t.app.ctx.db, a.id), await stockOf(t.app.ctx.db, b.id)]).toEqual([2, 0]);

    const res = await cancelPayment(t.app, me.sid, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.paymentCancelled });
    expect([await stockOf(t.app.ctx.db, a.id), await stockOf(t.app.ctx.db, b.id)]).toEqual([5, 2]);
    expect(await checkoutRow(t.app.ctx.db, id)).toMatchObject({ status: 'released' });
    expect(await cartOf(t.app, me.sid)).toEqual(cartBefore);

    // A second cancel gives nothing back twice.
    const again = await cancelPayment(t.app, me.sid, id);
    expect(again.statusCode).toBe(200);
    expect([await stockOf(t.app.ctx.db, a.id), await stockOf(t.app.ctx.db, b.id)]).toEqual([5, 2]);
  });

  it('answers 409 "already paid" to cancelling a paid checkout and keeps the stock taken', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 2);
    const { id } = await startCheckout(t.app, me.sid);
    await cartDetail(t.app, me.sid, await signedPayment(t.app, me.sid, id));

    const res = await cancelPayment(t.app, me.sid, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(messages.alreadyPaid);
    expect(await checkoutRow(t.app.ctx.db, id)).toMatchObject({ status: 'paid' });
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);
  });

  it("answers 404 to cancelling another user's checkout and keeps it reserved", async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const me = await customer(t.app);
    const other = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 2);
    const { id } = await startCheckout(t.app, me.sid);
    const res = await cancelPayment(t.app, other.sid, id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.checkoutNotFound);
    expect(await checkoutRow(t.app.ctx.db, id)).toMatchObject({ status: 'pending' });
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);
  });
});
