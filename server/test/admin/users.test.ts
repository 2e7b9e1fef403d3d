import type { AdminUser } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loggedIn, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';

describe(`listing users (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every user with _id, name, email, isAdmin and createdAt, oldest first', async () => {
    const admin = await loginAsAdmin(t.app);
    t.clock.advance(1000);
    const first = await loggedIn(t.app);
    t.clock.advance(1000);
    const second = await loggedIn(t.app);

    const res = await call(t.app, 'GET', '/api/getAllUsers', admin.sid);
    expect(res.statusCode).toBe(200);
    const users = res.json() as AdminUser[];
    const rows = await t.app.ctx.db.selectFrom('users').select(['id', 'created_at']).execute();
    expect(users).toHaveLength(rows.length);
    expect(users.map((u) => u._id)).toEqual([admin.id, first.id, second.id]);
    expect(users[0]).toEqual({
      _id: admin.id,
      name: admin.user.name,
      email: admin.user.email,
      isAdmin: true,
      createdAt: rows.find((r) => r.id === admin.id)!.created_at,
    });
    expect(users[1]).toMatchObject({ name: first.user.name, email: first.user.email, isAdmin: false });
    for (const user of users) {
      expect(Object.keys(user).sort()).toEqual(['_id', 'createdAt', 'email', 'isAdmin', 'name']);
      expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
    }
  });

  it('never sends a password hash, in any field', async () => {
    const admin = await loginAsAdmin(t.app);
    await loggedIn(t.app);
    const res = await call(t.app, 'GET', '/api/getAllUsers', admin.sid);
    expect(res.statusCode).toBe(200);
    const raw = res.body.toLowerCase();
    for (const word of ['argon2', 'password', 'hash', '$argon']) expect(raw).not.toContain(word);
    const hashes = await t.app.ctx.db.selectFrom('users').select('password_hash').execute();
    for (const { password_hash } of hashes) expect(res.body).not.toContain(password_hash);
  });
});
