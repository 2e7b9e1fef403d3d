import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCount, deleteUser, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';

describe(`the last admin (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Demotes every admin, so a round starts with exactly the two it makes. */
  async function noAdmins() {
    await t.app.ctx.db.updateTable('users').set({ is_admin: 0 }).execute();
  }

  it('leaves exactly one admin when two admins delete each other at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      await noAdmins();
      const a = await loginAsAdmin(t.app);
      const b = await loginAsAdmin(t.app);
      expect(await adminCount(t.app.ctx.db)).toBe(2);

      const answers = await Promise.all([deleteUser(t.app, a.sid, b.id), deleteUser(t.app, b.sid, a.id)]);

      const statuses = answers.map((r) => r.statusCode);
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      const refused = answers.find((r) => r.statusCode !== 200)!;
      // Refused by the rule, or its own session went with the deleted account first.
      expect([
        { status: 409, message: messages.cannotDeleteLastAdmin },
        { status: 401, message: messages.loginRequired },
      ]).toContainEqual({ status: refused.statusCode, message: refused.json() });
      expect(await adminCount(t.app.ctx.db)).toBe(1);
    }
  });
});
