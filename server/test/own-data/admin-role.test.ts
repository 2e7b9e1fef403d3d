import { messages, ownMessages, type AuditEntry } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCount, auditOf, call, loggedIn, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { userRow } from '../helpers/db.js';
import { getUser } from '../helpers/requests.js';
import { loginAs } from '../helpers/users.js';

describe(`making a user an admin and taking it back (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const setRole = (sid: string | undefined, id: string, isAdmin: unknown) =>
    call(t.app, 'PATCH', `/api/admin/users/${id}/admin`, sid, { isAdmin });
  const isAdmin = async (email: string) => (await userRow(t.app, email))?.is_admin === 1;

  it('promotes a customer: their sessions end, their next login is an admin’s, and the audit log says who did it', async () => {
    const customer = await loggedIn(t.app);
    const res = await setRole(admin.sid, customer.id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ownMessages.madeAdmin(customer.user.name) });
    expect(await isAdmin(customer.user.email)).toBe(true);
    expect((await getUser(t.app, customer.sid)).statusCode).toBe(401);

    const again = await call(t.app, 'POST', '/api/user/login', undefined, {
      email: customer.user.email,
      password: customer.user.password,
    });
    expect(again.json()).toMatchObject({ isAdmin: true });

    const entry = (await auditOf(t.app, admin.sid)).find(
      (e: AuditEntry) => e.targetId === customer.id && e.action === 'user.promote',
    );
    expect(entry).toMatchObject({ actor: { userId: admin.id, email: admin.user.email }, targetType: 'user' });
  });

  it('demotes an admin: their sessions end and the admin routes refuse them', async () => {
    const other = await loginAsAdmin(t.app);
    const res = await setRole(admin.sid, other.id, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ownMessages.adminRemoved(other.user.name) });
    expect(await isAdmin(other.user.email)).toBe(false);
    expect((await getUser(t.app, other.sid)).statusCode).toBe(401);
    const back = await loginAs(t.app, other.user, { register: false });
    expect((await call(t.app, 'GET', '/api/getAllUsers', back.sid)).statusCode).toBe(403);
    const actions = (await auditOf(t.app, admin.sid))
      .filter((e) => e.targetId === other.id)
      .map((e) => e.action);
    expect(actions).toContain('user.demote');
  });

  it('refuses your own role, a customer, a stranger, an unknown user and a bad body', async () => {
    const own = await setRole(admin.sid, admin.id, false);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toBe(ownMessages.cannotChangeOwnRole);

    const customer = await loggedIn(t.app);
    const target = await loggedIn(t.app);
    expect((await setRole(customer.sid, target.id, true)).statusCode).toBe(403);
    expect((await setRole(undefined, target.id, true)).statusCode).toBe(401);
    expect(await isAdmin(target.user.email)).toBe(false);

    const unknown = await setRole(admin.sid, 'no-such-user', true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toBe(messages.userNotFound);
    const bad = await setRole(admin.sid, target.id, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toBe(messages.invalidRequest);
  });

  it('never leaves the shop without an admin when two admins demote each other at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      await t.app.ctx.db.updateTable('users').set({ is_admin: 0 }).execute();
      const a = await loginAsAdmin(t.app);
      const b = await loginAsAdmin(t.app);
      expect(await adminCount(t.app.ctx.db)).toBe(2);

      const answers = await Promise.all([setRole(a.sid, b.id, false), setRole(b.sid, a.id, false)]);

      const statuses = answers.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      const refused = answers.find((r) => r.statusCode !== 200)!;
      // Refused because it is no longer an admin itself, or its session ended with the demotion first.
      expect([
        { status: 403, message: messages.adminOnly },
        { status: 401, message: messages.loginRequired },
      ]).toContainEqual({ status: refused.statusCode, message: refused.json() });
      expect(await adminCount(t.app.ctx.db)).toBe(1);
    }
  });

  it('refuses an admin who lost their rights meanwhile, so the last admin stays', async () => {
    await t.app.ctx.db.updateTable('users').set({ is_admin: 0 }).execute();
    const a = await loginAsAdmin(t.app);
    const b = await loginAsAdmin(t.app);
    // b loses its rights another way (an operator), with its session still open: a is the last admin.
    await t.app.ctx.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', b.id).execute();
    const refused = await setRole(b.sid, a.id, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toBe(messages.adminOnly);
    expect(await isAdmin(a.user.email)).toBe(true);
    expect(await adminCount(t.app.ctx.db)).toBe(1);
  });
});
