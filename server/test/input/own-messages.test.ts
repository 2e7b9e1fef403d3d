import { gstMessages, messages, overviewMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, customer, orderCreate } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { userRow } from '../helpers/db.js';
import { createProduct } from '../helpers/products.js';
import { updateProfile } from '../helpers/requests.js';

/** zod's own English, which reached clients before: "Invalid input: expected string, received null". */
const LIBRARY_WORDING = /Invalid input|expected \w+, received|Too (big|small)/;

describe(`refused requests answer in the shop's words, not the validator's (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  it('takes null passwords in the profile as left empty: the name alone changes', async () => {
    const me = await customer(t.app);
    const res = await updateProfile(t.app, me.sid, { userName: 'Fin', oldPassword: null, newPassword: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe('Fin');
    expect((await userRow(t.app, me.user.email))?.name).toBe('Fin');
    const wrongKind = await updateProfile(t.app, me.sid, { oldPassword: 7, newPassword: 'secret-pass-2' });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json()).toBe(messages.enterOldPassword);
  });

  it('answers a repeated search parameter with the search message on every list', async () => {
    const me = await customer(t.app);
    const catalog = await call(t.app, 'GET', '/api/get-products?q=a&q=b', me.sid);
    expect(catalog.statusCode).toBe(400);
    expect(catalog.json()).toBe(messages.invalidSearch);
    for (const list of ['/api/getAllUsers', '/api/getAllProducts', '/api/admin/orders']) {
      const res = await call(t.app, 'GET', `${list}?q=a&q=b`, admin.sid);
      expect(res.statusCode, list).toBe(400);
      expect(res.json(), list).toBe(messages.invalidSearch);
    }
  });

  it("answers a shipping form that is not a form with the spec's 'Please fill all the fields'", async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    for (const data of [null, [], 'x']) {
      const res = await orderCreate(t.app, me.sid, data as unknown as object);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json()).toBe(messages.fillAllFields);
    }
    expect(await t.app.ctx.db.selectFrom('checkouts').select('id').execute()).toEqual([]);
  });

  it('names what the GST settings lack', async () => {
    const empty = await call(t.app, 'PUT', '/api/admin/gst', admin.sid, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toBe(gstMessages.enabledRequired);
    const onOnly = await call(t.app, 'PUT', '/api/admin/gst', admin.sid, { enabled: true });
    expect(onOnly.statusCode).toBe(400);
    expect(onOnly.json()).toBe(gstMessages.legalNameRequired);
  });

  it("says what an import's dryRun must be", async () => {
    const res = await call(t.app, 'POST', '/api/admin/import/products', admin.sid, {
      csv: 'x',
      dryRun: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(overviewMessages.importDryRunInvalid);
  });

  it('answers a credit note number and an overlong reset link it cannot read with their own messages', async () => {
    const me = await customer(t.app);
    const res = await call(t.app, 'GET', '/api/user/orders/nope/credit-note.pdf?n=two', me.sid);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(gstMessages.documentNumberInvalid);
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/user/resetPassword/${'a'.repeat(300)}`,
      payload: { password: 'reset-pass-2' },
    });
    expect(link.statusCode).toBe(400);
    expect(link.json()).toBe(messages.resetTokenInvalid);
    for (const r of [res, link]) expect(r.body).not.toMatch(LIBRARY_WORDING);
  });
});
