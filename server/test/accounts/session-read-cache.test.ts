import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type App } from '../../src/app.js';
import { createSessionStore, READ_CACHE_MS } from '../../src/modules/sessions/store.js';
import { hashToken } from '../../src/lib/tokens.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { deleteUser, loggedIn, loginAsAdmin, setAdmin } from '../helpers/admin.js';
import { testDbKind } from '../helpers/databases.js';
import { resetTokenFor } from '../helpers/mail.js';
import { racingHandle } from '../helpers/racing.js';
import { getUser, logout, resetPassword, updateProfile } from '../helpers/requests.js';
import { loginAs } from '../helpers/users.js';

/**
 * Reads may take a session this instance checked within READ_CACHE_MS
 * (decisions/0012). Each test first makes a read, so the session is cached,
 * then changes it, and the next read must see the change at once.
 */
describe(`session answers cached for reads (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function cachedRead(sid: string) {
    expect((await getUser(t.app, sid)).statusCode).toBe(200);
  }

  it('ends a cached session at logout', async () => {
    const { sid } = await loginAs(t.app);
    await cachedRead(sid);
    await logout(t.app, sid);
    const res = await getUser(t.app, sid);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(messages.loginRequired);
  });

  it('ends every other cached session of a user who changes the password', async () => {
    const { user, sid: laptop } = await loginAs(t.app);
    const { sid: phone } = await loginAs(t.app, user, { register: false });
    await cachedRead(phone);
    const res = await updateProfile(t.app, laptop, {
      userName: user.name,
      oldPassword: user.password,
      newPassword: 'another-pass-1',
    });
    expect(res.statusCode).toBe(201);
    expect((await getUser(t.app, phone)).statusCode).toBe(401);
  });

  it('shows a changed name to the next read', async () => {
    const { sid } = await loginAs(t.app);
    await cachedRead(sid);
    expect((await updateProfile(t.app, sid, { userName: 'Meera Iyer' })).statusCode).toBe(200);
    expect((await getUser(t.app, sid)).json()).toMatchObject({ name: 'Meera Iyer' });
  });

  it('ends a cached session when a reset link sets a new password', async () => {
    const { user, sid } = await loginAs(t.app);
    await cachedRead(sid);
    const token = await resetTokenFor(t, user.email);
    expect((await resetPassword(t.app, token, 'reset-pass-9')).statusCode).toBe(200);
    expect((await getUser(t.app, sid)).statusCode).toBe(401);
  });

  it('ends a cached session of a user an admin deletes', async () => {
    const admin = await loginAsAdmin(t.app);
    const customer = await loggedIn(t.app);
    await cachedRead(customer.sid);
    expect((await deleteUser(t.app, admin.sid, customer.id)).statusCode).toBe(200);
    expect((await getUser(t.app, customer.sid)).statusCode).toBe(401);
  });

  it('does not keep a session past its expiry', async () => {
    const { sid } = await loginAs(t.app);
    await cachedRead(sid);
    t.clock.advance(t.app.ctx.config.sessionTtlMs + 1000);
    expect((await getUser(t.app, sid)).statusCode).toBe(401);
  });

  it('does not keep a session past its expiry when it expires within seconds of being checked', async () => {
    const { sid } = await loginAs(t.app);
    t.clock.advance(t.app.ctx.config.sessionTtlMs - 2000);
    await cachedRead(sid);
    t.clock.advance(3000);
    expect((await getUser(t.app, sid)).statusCode).toBe(401);
  });

  it('leaves admin pages to the database: a promotion or demotion elsewhere holds at the next request', async () => {
    const { sid, id } = await loggedIn(t.app);
    await cachedRead(sid);
    const admin = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/getAllUsers', cookies: { sid: cookie } });
    // Another process (create-admin, another instance) changes the flag in the database.
    await setAdmin(t.app.ctx.db, id, true);
    expect((await admin(sid)).statusCode).toBe(200);
    await cachedRead(sid);
    await setAdmin(t.app.ctx.db, id, false);
    expect((await admin(sid)).statusCode).toBe(403);
  });

  it("reads an admin's session from the database every time: one ended elsewhere ends at once", async () => {
    const admin = await loginAsAdmin(t.app);
    expect((await getUser(t.app, admin.sid)).statusCode).toBe(200);
    // Deleted behind this instance's back, as another instance's logout would.
    await t.app.ctx.db.deleteFrom('sessions').where('user_id', '=', admin.id).execute();
    expect((await getUser(t.app, admin.sid)).statusCode).toBe(401);
  });

  it('does not keep an answer whose lookup overlapped a logout on this instance', async () => {
    const { sid } = await loginAs(t.app);
    // The logout lands after the lookup read the session row and before it is kept: what
    // store.end does, on a connection of its own (the lookup holds SQLite's one connection).
    let store: ReturnType<typeof createSessionStore> | undefined = undefined;
    const race = racingHandle(t.app.ctx.db, t.database, async (db) => {
      await db.deleteFrom('sessions').where('id_hash', '=', hashToken(sid)).execute();
      store!.forgetCachedReads();
    });
    store = createSessionStore(race.db, t.clock, t.app.ctx.config.sessionTtlMs);
    // A read's lookup, as the session hook makes it: the cache, else the database.
    const readLookup = async () => store!.cachedUser(sid) ?? (await store!.findUser(sid));
    try {
      expect(await readLookup()).not.toBeNull();
      expect(race.raced()).toBe(true);
      expect(await readLookup()).toBeNull();
    } finally {
      await race.close();
    }
  });

  it('takes the cart and catalog reads from the cache, and every write from the database', async () => {
    const { sid } = await loginAs(t.app);
    await cachedRead(sid);
    // Deleted behind this instance's back, as another instance's logout would.
    await t.app.ctx.db.deleteFrom('sessions').execute();
    for (const url of ['/api/getCart', '/api/get-products?page=1', '/api/get-user'])
      expect((await t.app.inject({ method: 'GET', url, cookies: { sid } })).statusCode, url).toBe(200);
    const write = await updateProfile(t.app, sid, { userName: 'Never Saved' });
    expect(write.statusCode).toBe(401);
    t.clock.advance(READ_CACHE_MS);
    expect((await getUser(t.app, sid)).statusCode).toBe(401);
  });

  describe('with a second instance on the same database', () => {
    let other: App;
    beforeAll(async () => {
      other = await build({ config: t.app.ctx.config, clock: t.clock, logger: false });
    });
    afterAll(() => other.close());

    it('sees a logout made on the other instance within READ_CACHE_MS, and writes see it at once', async () => {
      const { sid } = await loginAs(t.app);
      expect((await getUser(other, sid)).statusCode).toBe(200);
      await logout(t.app, sid);
      // A write on the other instance checks the database.
      expect((await updateProfile(other, sid, { userName: 'Late Writer' })).statusCode).toBe(401);
      t.clock.advance(READ_CACHE_MS);
      expect((await getUser(other, sid)).statusCode).toBe(401);
    });
  });
});
