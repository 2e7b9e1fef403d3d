import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, customer, orderCreate, validShipping } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { userRow } from '../helpers/db.js';
import { createProduct, postReview, reviewRows } from '../helpers/products.js';
import { register, updateProfile } from '../helpers/requests.js';
import { newCustomer } from '../helpers/users.js';

/** A zero-width space and a right-to-left mark: trim() keeps both, and neither shows. */
const INVISIBLE = '\u200b\u200f';

describe(`texts of invisible characters only count as empty (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses such a name at registration as an empty one, creating no account', async () => {
    const newcomer = newCustomer({ name: INVISIBLE });
    const res = await register(t.app, newcomer);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.fieldsCantBeEmpty);
    expect(await userRow(t.app, newcomer.email)).toBeUndefined();
  });

  it('keeps the name when the profile sends such a one, as for an empty one', async () => {
    const me = await customer(t.app);
    const res = await updateProfile(t.app, me.sid, { userName: '\u200b' });
    expect(res.statusCode).toBe(204);
    expect((await userRow(t.app, me.user.email))?.name).toBe(me.user.name);
  });

  it('refuses such a review comment with the comment message', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer(t.app);
    const res = await postReview(t.app, me.sid, { productId: product.id, rating: 4, comment: '\u200b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.commentRequired);
    expect(await reviewRows(t.app.ctx.db, product.id)).toEqual([]);
  });

  it("refuses such a shipping name with the spec's 'Please fill all the fields'", async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    const res = await orderCreate(t.app, me.sid, validShipping({ name: '\u200b' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.fillAllFields);
  });

  it('keeps a name with something visible whole, its joiners included', async () => {
    const name = 'क्\u200dष 👩\u200d💻';
    const newcomer = newCustomer({ name });
    expect((await register(t.app, newcomer)).statusCode).toBe(201);
    expect((await userRow(t.app, newcomer.email))?.name).toBe(name);
  });
});
