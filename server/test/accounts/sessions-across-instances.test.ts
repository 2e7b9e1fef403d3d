import { describe, expect, it } from 'vitest';
import { twoInstances } from '../helpers/app.js';
import { deleteUser, loggedIn, loginAsAdmin, setAdmin } from '../helpers/admin.js';
import { testDbKind } from '../helpers/databases.js';
import { resetTokenFor } from '../helpers/mail.js';
import { getUser, logout, resetPassword, updateProfile } from '../helpers/requests.js';
import { loginAs } from '../helpers/users.js';

/**
 * Two instances on one database, as behind a proxy: a session is read from the
 * database on every request, so whatever ends or changes it on one instance
 * holds on the other at the very next request, on every route a shopper reads.
 */
describe(`sessions across two instances on one database (${testDbKind})`, () => {
  const apps = twoInstances();

  const READS = ['/api/get-user', '/api/getCart', '/api/get-products?page=1', '/api/get-products'];
  /** Every read a shopper makes, on the other instance, answers this status. */
  async function readsOnOther(sid: string, status: number) {
    for (const url of READS)
      expect((await apps.other.inject({ method: 'GET', url, cookies: { sid } })).statusCode, url).toBe(
        status,
      );
  }

  it('ends a session at logout on every instance at the next request', async () => {
    const { sid } = await loginAs(apps.t.app);
    await readsOnOther(sid, 200);
    await logout(apps.t.app, sid);
    await readsOnOther(sid, 401);
  });

  it('ends every other session of a user who changes the password', async () => {
    const { user, sid: laptop } = await loginAs(apps.t.app);
    const { sid: phone } = await loginAs(apps.t.app, user, { register: false });
    await readsOnOther(phone, 200);
    const res = await updateProfile(apps.t.app, laptop, {
      userName: user.name,
      oldPassword: user.password,
      newPassword: 'another-pass-1',
    });
    expect(res.statusCode).toBe(201);
    await readsOnOther(phone, 401);
  });

  it('ends a session when a reset link sets a new password', async () => {
    const { user, sid } = await loginAs(apps.t.app);
    await readsOnOther(sid, 200);
    const token = await resetTokenFor(apps.t, user.email);
    expect((await resetPassword(apps.t.app, token, 'reset-pass-9')).statusCode).toBe(200);
    await readsOnOther(sid, 401);
  });

  it('ends the sessions of a user an admin deletes', async () => {
    const admin = await loginAsAdmin(apps.t.app);
    const customer = await loggedIn(apps.t.app);
    await readsOnOther(customer.sid, 200);
    expect((await deleteUser(apps.t.app, admin.sid, customer.id)).statusCode).toBe(200);
    await readsOnOther(customer.sid, 401);
  });

  it('shows a changed name on the other instance at the next request', async () => {
    const { sid } = await loginAs(apps.t.app);
    expect((await getUser(apps.other, sid)).statusCode).toBe(200);
    expect((await updateProfile(apps.t.app, sid, { userName: 'Meera Iyer' })).statusCode).toBe(200);
    expect((await getUser(apps.other, sid)).json()).toMatchObject({ name: 'Meera Iyer' });
  });

  it('does not keep a session past its expiry', async () => {
    const { sid } = await loginAs(apps.t.app);
    await readsOnOther(sid, 200);
    apps.t.clock.advance(apps.t.app.ctx.config.sessionTtlMs + 1000);
    await readsOnOther(sid, 401);
  });

  it('holds a promotion or demotion made in the database at the next request', async () => {
    const { sid, id } = await loggedIn(apps.t.app);
    const admin = (cookie: string) =>
      apps.other.inject({ method: 'GET', url: '/api/getAllUsers', cookies: { sid: cookie } });
    await setAdmin(apps.t.app.ctx.db, id, true);
    expect((await admin(sid)).statusCode).toBe(200);
    await setAdmin(apps.t.app.ctx.db, id, false);
    expect((await admin(sid)).statusCode).toBe(403);
  });
});
