import { serverMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, loginAsAdmin, validProduct } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, customer, orderCreate, validShipping } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { userRow } from '../helpers/db.js';
import { createProduct, postReview, reviewRows } from '../helpers/products.js';
import { register, updateProfile } from '../helpers/requests.js';
import { newCustomer } from '../helpers/users.js';

/**
 * JSON can escape half of a UTF-16 pair alone ("\ud800"), which no UTF-8 text holds: SQLite kept
 * its invalid bytes and PostgreSQL a U+FFFD, each reading back something else than was sent.
 */
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

describe(`texts with a lone UTF-16 surrogate (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  it('refuses a product name with 400 naming the field, as the raw JSON escape sends it, and stores nothing', async () => {
    // JSON.stringify writes a lone half as the escape a client sends: "Lone \ud800 Lamp".
    const body = JSON.stringify(validProduct({ name: `Lone ${LONE_HIGH} Lamp` }));
    expect(body).toContain('"name":"Lone \\ud800 Lamp"');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/addProduct',
      cookies: { sid: admin.sid },
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(serverMessages.brokenCharacter('name'));
    const rows = await t.app.ctx.db
      .selectFrom('products')
      .select('name')
      .where('name', 'like', 'Lone%')
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses one in a description, a low half too', async () => {
    const res = await addProduct(t.app, admin.sid, validProduct({ description: `Warm ${LONE_LOW} light` }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(serverMessages.brokenCharacter('description'));
  });

  it('refuses a name at registration and in the profile, keeping the name', async () => {
    const newcomer = newCustomer({ name: `Asha ${LONE_HIGH}` });
    const res = await register(t.app, newcomer);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(serverMessages.brokenCharacter('name'));
    expect(await userRow(t.app, newcomer.email)).toBeUndefined();

    const me = await customer(t.app);
    const renamed = await updateProfile(t.app, me.sid, { userName: `Asha ${LONE_LOW}` });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toBe(serverMessages.brokenCharacter('userName'));
    expect((await userRow(t.app, me.user.email))?.name).toBe(me.user.name);
  });

  it('refuses a review comment, storing no review', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer(t.app);
    const res = await postReview(t.app, me.sid, {
      productId: product.id,
      rating: 4,
      comment: `Nice ${LONE_HIGH}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(serverMessages.brokenCharacter('comment'));
    expect(await reviewRows(t.app.ctx.db, product.id)).toEqual([]);
  });

  it('refuses a shipping field, naming it inside the form', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    const res = await orderCreate(t.app, me.sid, validShipping({ town: `Pune ${LONE_HIGH}` }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(serverMessages.brokenCharacter('data.town'));
    const checkouts = await t.app.ctx.db.selectFrom('checkouts').select('id').execute();
    expect(checkouts).toEqual([]);
  });

  it('takes a whole pair, an emoji, and gives it back as it was sent', async () => {
    const me = await customer(t.app);
    const res = await updateProfile(t.app, me.sid, { userName: 'Asha \ud83d\ude00' });
    expect(res.statusCode).toBe(200);
    expect((await userRow(t.app, me.user.email))?.name).toBe('Asha 😀');
  });
});
