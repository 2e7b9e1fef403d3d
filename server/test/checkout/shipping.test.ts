import { messages, type ShippingInput } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  cartDetail,
  checkoutRows,
  customerReadyToPay,
  orderCreate,
  orderRows,
  signedPayment,
  stockOf,
  validShipping,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';

const fields = [
  'name',
  'email',
  'phone',
  'streetAddress',
  'town',
  'pincode',
  'state',
  'country',
] as const satisfies readonly (keyof ShippingInput)[];

const limits: [keyof ShippingInput, string, number][] = [
  ['name', 'Name', 100],
  ['streetAddress', 'Street address', 200],
  ['town', 'Town', 100],
  ['state', 'State', 100],
  ['country', 'Country', 100],
];

describe(`the shipping form at orderCreate (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const readyToPay = () => customerReadyToPay(t.app, { stock: 5, quantity: 2 });

  /** Sends the form, expects 400 with the message, and that nothing was reserved. */
  async function expectRefused(shipping: object, message: string) {
    const { me, product } = await readyToPay();
    const res = await orderCreate(t.app, me.sid, shipping);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(message);
    expect(await checkoutRows(t.app.ctx.db, me.id)).toEqual([]);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(5);
  }

  it.each(fields)('answers 400 "Please fill all the fields" when %s is missing', async (field) => {
    const shipping: Partial<ShippingInput> = validShipping();
    delete shipping[field];
    await expectRefused(shipping, messages.fillAllFields);
  });

  it.each(fields)('answers 400 "Please fill all the fields" when %s is only spaces', async (field) => {
    await expectRefused(validShipping({ [field]: '   ' }), messages.fillAllFields);
  });

  it('takes an orderCreate without a form (the spec sends it with cartDetail), storing none', async () => {
    const { me } = await readyToPay();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/orderCreate',
      cookies: { sid: me.sid },
      payload: { amount: 100 },
    });
    expect(res.statusCode).toBe(200);
    const rows = await checkoutRows(t.app.ctx.db, me.id);
    expect(rows.map((r) => [r.status, r.shipping])).toEqual([['pending', 'null']]);
  });

  it('answers 400 "Please fill all the fields" to cartDetail when no form came with either call, and takes nothing', async () => {
    const { me } = await readyToPay();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/orderCreate',
      cookies: { sid: me.sid },
      payload: {},
    });
    const { id } = res.json() as { id: string };
    const payment = await signedPayment(t.app, me.sid, id);
    const paid = await cartDetail(t.app, me.sid, { razorpay_payment_id: payment.razorpay_payment_id });
    expect(paid.statusCode).toBe(400);
    expect(paid.json()).toBe(messages.fillAllFields);
    expect((await checkoutRows(t.app.ctx.db, me.id)).map((r) => r.status)).toEqual(['pending']);

    const withForm = await cartDetail(t.app, me.sid, {
      razorpay_payment_id: payment.razorpay_payment_id,
      data: validShipping({ name: 'Late Form' }),
    });
    expect(withForm.statusCode).toBe(200);
    expect((await orderRows(t.app.ctx.db, me.id)).map((r) => r.recipient_name)).toEqual(['Late Form']);
  });

  it.each(['asha', 'asha@', '@example.com', 'asha example.com'])(
    'answers 400 "valid email" to the email %j',
    async (email) => {
      await expectRefused(validShipping({ email }), messages.invalidEmail);
    },
  );

  it.each(['987654321', '98765432101', '98765-4321', 'phone12345', '+919876543'])(
    'answers 400 "Phone must be 10 digits" to %j',
    async (phone) => {
      await expectRefused(validShipping({ phone }), messages.invalidPhone);
    },
  );

  it.each(['41100', '4110011', '41100a', '411 01'])(
    'answers 400 "Pincode must be 6 digits" to %j',
    async (pincode) => {
      await expectRefused(validShipping({ pincode }), messages.invalidPincode);
    },
  );

  it.each(limits)('answers 400 when %s is over its limit', async (field, label, max) => {
    await expectRefused(validShipping({ [field]: 'x'.repeat(max + 1) }), messages.tooLong(label, max));
  });

  it('answers 400 to an email over 254 characters', async () => {
    const email = `${'a'.repeat(250)}@example.com`;
    await expectRefused(validShipping({ email }), messages.tooLong('Email', 254));
  });

  it.each([
    ['+91 98765 43210', 411001],
    ['919876543210', '411 001'],
    ['09876543210', 411001],
    ['(98765) 43210', '411001'],
    [9876543210, 411001],
  ])('takes the phone %j and pincode %j as people and numeric inputs write them', async (phone, pincode) => {
    const { me } = await readyToPay();
    const res = await orderCreate(t.app, me.sid, { ...validShipping(), phone, pincode });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await checkoutRows(t.app.ctx.db, me.id);
    expect(JSON.parse(row!.shipping)).toMatchObject({ phone: '9876543210', pincode: '411001' });
  });

  it.each([true, null, {}])('answers 400 "Please fill all the fields" to the phone %j', async (phone) => {
    await expectRefused({ ...validShipping(), phone }, messages.fillAllFields);
  });

  it.each([-9876543210, 98765.4321])(
    'answers 400 "Phone must be 10 digits" to the number %j',
    async (phone) => {
      await expectRefused({ ...validShipping(), phone }, messages.invalidPhone);
    },
  );

  it('accepts values at their limits and stores them trimmed', async () => {
    const { me } = await readyToPay();
    const shipping = validShipping({
      name: '  Asha  ',
      streetAddress: 's'.repeat(200),
      town: 't'.repeat(100),
      phone: ' 9876543210 ',
    });
    const res = await orderCreate(t.app, me.sid, shipping);
    expect(res.statusCode).toBe(200);
    const [row] = await checkoutRows(t.app.ctx.db, me.id);
    expect(JSON.parse(row!.shipping)).toMatchObject({
      name: 'Asha',
      phone: '9876543210',
      streetAddress: 's'.repeat(200),
      town: 't'.repeat(100),
    });
  });
});
