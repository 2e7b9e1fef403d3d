import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { resetRows, sessionRows, userRow } from '../helpers/db.js';
import { resetTokenFor } from '../helpers/mail.js';
import { getUser, login, resetPassword, updateProfile } from '../helpers/requests.js';
import { createProduct, postReview, productOf } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';

describe(`profile update (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with the new name as the body when only the name changes', async () => {
    const { user, sid } = await loginAs(t.app);
    const res = await updateProfile(t.app, sid, { userName: 'Asha Rao' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('Asha Rao');
    expect((await getUser(t.app, sid)).json()).toMatchObject({ name: 'Asha Rao', email: user.email });
  });

  it("signs the customer's reviews with the new name, on the product page too", async () => {
    const { sid } = await loginAs(t.app);
    const lamp = await createProduct(t.app.ctx.db);
    expect(
      (await postReview(t.app, sid, { productId: lamp.id, rating: 4, comment: 'Bright' })).statusCode,
    ).toBe(201);
    // Read once, so a page kept from before the rename would show the old name.
    await productOf(t.app, sid, lamp.id);
    expect((await updateProfile(t.app, sid, { userName: 'Asha Kulkarni' })).statusCode).toBe(200);
    const { product } = await productOf(t.app, sid, lamp.id);
    expect(product.reviews.map((review) => review.name)).toEqual(['Asha Kulkarni']);
  });

  it('answers 201 with the message as the body when only the password changes', async () => {
    const { user, sid } = await loginAs(t.app);
    const res = await updateProfile(t.app, sid, {
      userName: user.name,
      oldPassword: user.password,
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(messages.passwordChanged);
    expect((await userRow(t.app, user.email))?.name).toBe(user.name);
  });

  it('refuses the old cookie after a password change and accepts the new one from the answer', async () => {
    const { user, sid } = await loginAs(t.app);
    const res = await updateProfile(t.app, sid, {
      userName: user.name,
      oldPassword: user.password,
      newPassword: 'brand-new-pass',
    });
    const renewed = sessionCookie(res);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(sid);
    expect((await getUser(t.app, sid)).statusCode).toBe(401);
    expect((await getUser(t.app, renewed)).statusCode).toBe(200);
  });

  it('lets the new password log in and refuses the old one after a change', async () => {
    const { user, sid } = await loginAs(t.app);
    await updateProfile(t.app, sid, {
      userName: user.name,
      oldPassword: user.password,
      newPassword: 'brand-new-pass',
    });
    expect((await login(t.app, { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);
    const old = await login(t.app, user);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual(messages.wrongCredentials);
  });

  it('ends every other session of the user when the password changes', async () => {
    const { user, sid: laptop } = await loginAs(t.app);
    const { sid: phone } = await loginAs(t.app, user, { register: false });
    const res = await updateProfile(t.app, laptop, {
      userName: user.name,
      oldPassword: user.password,
      newPassword: 'brand-new-pass',
    });
    expect((await getUser(t.app, phone)).statusCode).toBe(401);
    expect(await sessionRows(t.app, user.email)).toHaveLength(1);
    expect((await getUser(t.app, sessionCookie(res))).statusCode).toBe(200);
  });

  it('ends a pending reset link when the password changes', async () => {
    const { user, sid } = await loginAs(t.app);
    const token = await resetTokenFor(t, user.email);
    await updateProfile(t.app, sid, {
      userName: user.name,
      oldPassword: user.password,
      newPassword: 'brand-new-pass',
    });
    expect(await resetRows(t.app, user.email)).toHaveLength(0);
    const res = await resetPassword(t.app, token, 'taken-over-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.resetTokenInvalid);
  });

  it('answers 202 with the new name when name and password both change', async () => {
    const { user, sid } = await loginAs(t.app);
    const res = await updateProfile(t.app, sid, {
      userName: 'Renamed Customer',
      oldPassword: user.password,
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toBe('Renamed Customer');
    const again = await login(t.app, { email: user.email, password: 'brand-new-pass' });
    expect(again.json()).toMatchObject({ name: 'Renamed Customer' });
  });

  it('answers 204 with no body when the name is the same and no password is given', async () => {
    const { user, sid } = await loginAs(t.app);
    const before = await userRow(t.app, user.email);
    const res = await updateProfile(t.app, sid, { userName: user.name });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await userRow(t.app, user.email)).toEqual(before);
    expect((await getUser(t.app, sid)).statusCode).toBe(200);
  });

  it('answers 204 when the name differs only by surrounding spaces', async () => {
    const { user, sid } = await loginAs(t.app);
    const res = await updateProfile(t.app, sid, {
      userName: `  ${user.name} `,
      oldPassword: '',
      newPassword: '',
    });
    expect(res.statusCode).toBe(204);
  });

  it('answers 401 "Old password is incorrect" and changes nothing for a wrong old password', async () => {
    const { user, sid } = await loginAs(t.app);
    const res = await updateProfile(t.app, sid, {
      userName: 'Not Applied',
      oldPassword: 'not-my-password',
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(messages.oldPasswordIncorrect);
    expect((await userRow(t.app, user.email))?.name).toBe(user.name);
    expect((await login(t.app, user)).statusCode).toBe(200);
    expect((await getUser(t.app, sid)).statusCode).toBe(200);
  });

  it('answers 400 "Old and New passwords are same!" when the new password is the old one', async () => {
    const { user, sid } = await loginAs(t.app);
    const res = await updateProfile(t.app, sid, {
      userName: user.name,
      oldPassword: user.password,
      newPassword: user.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(messages.oldAndNewSame);
  });

  it.each([
    ['a new password without the old one', { newPassword: 'brand-new-pass' }, messages.enterOldPassword],
    ['an old password without a new one', { oldPassword: 'secret-pass-1' }, messages.enterNewPassword],
    [
      'a new password shorter than 6',
      { oldPassword: 'secret-pass-1', newPassword: '12345' },
      messages.passwordTooShort,
    ],
  ])('rejects %s with 400 and the spec message', async (_case, fields, message) => {
    const { user, sid } = await loginAs(t.app);
    const res = await updateProfile(t.app, sid, { userName: user.name, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(message);
  });

  it.each([
    ['an empty name', { userName: '' }],
    ['no name', {}],
  ])('keeps the name when given %s with a password change, answering 201', async (_case, name) => {
    const { user, sid } = await loginAs(t.app);
    const res = await updateProfile(t.app, sid, {
      ...name,
      oldPassword: user.password,
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toBe(messages.passwordChanged);
    expect((await userRow(t.app, user.email))?.name).toBe(user.name);
    expect((await login(t.app, { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it.each([
    ['an empty name', { userName: '' }],
    ['an empty body', {}],
  ])('answers 204 and changes nothing for %s without passwords', async (_case, payload) => {
    const { user, sid } = await loginAs(t.app);
    const before = await userRow(t.app, user.email);
    const res = await updateProfile(t.app, sid, payload);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await userRow(t.app, user.email)).toEqual(before);
  });

  it('answers 401 without a session and changes nothing', async () => {
    const res = await updateProfile(t.app, undefined, { userName: 'Intruder' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(messages.loginRequired);
  });

  it('answers 401 to a session ended at logout', async () => {
    const { user, sid } = await loginAs(t.app);
    await t.app.inject({ method: 'POST', url: '/api/user/logout', cookies: { sid } });
    const res = await updateProfile(t.app, sid, { userName: 'After Logout' });
    expect(res.statusCode).toBe(401);
    expect((await userRow(t.app, user.email))?.name).toBe(user.name);
  });
});
