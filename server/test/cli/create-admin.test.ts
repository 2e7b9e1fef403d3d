import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { resetTokenFor } from '../helpers/mail.js';
import { loginAs } from '../helpers/users.js';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../node_modules/.bin/tsx');

// Each run of the command starts tsx: seconds apiece on a busy machine.
describe(`npm run create-admin (${testDbKind})`, { timeout: 90_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function createAdmin(args: string[]) {
    const env = { ...process.env, DATA_DIR: t.database.dataDir, DATABASE_URL: t.database.databaseUrl ?? '' };
    return run(tsx, ['src/cli/create-admin.ts', ...args], { cwd: serverDir, env });
  }

  async function login(email: string, password: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
    return { status: res.statusCode, body: res.json() as { isAdmin?: boolean } };
  }

  it('creates an admin who can log in as admin', async () => {
    const { stdout } = await createAdmin([
      '--email',
      'Owner@Example.com',
      '--password',
      'owner-secret',
      '--name',
      'Owner',
    ]);
    expect(stdout).toContain('Created admin owner@example.com');
    const res = await login('owner@example.com', 'owner-secret');
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(true);
  });

  /** What the old cookie opens now: the admin panel (read fresh on every request) and a state change. */
  async function cookieOpens(sid: string) {
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { sid } });
    const update = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update',
      cookies: { sid },
      payload: { userName: '' },
    });
    return [admin.statusCode, update.statusCode];
  }

  async function resetWith(token: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/resetPassword/${token}`,
      payload: { password: 'attacker-pass' },
    });
    return res.statusCode;
  }

  it('refuses to promote an existing customer without --promote, says why, and changes nothing', async () => {
    const squatter = await loginAs(t.app);
    const token = await resetTokenFor(t, squatter.user.email);
    await expect(
      createAdmin(['--email', squatter.user.email, '--password', 'owner-secret-2']),
    ).rejects.toMatchObject({
      code: 3,
      stderr: expect.stringContaining(
        `${squatter.user.email} is an existing customer account: nothing was changed.`,
      ),
    });
    expect((await login(squatter.user.email, 'owner-secret-2')).status).toBe(401);
    expect((await login(squatter.user.email, squatter.user.password)).body.isAdmin).toBe(false);
    expect(await cookieOpens(squatter.sid)).toEqual([403, 204]);
    expect(await resetWith(token)).toBe(200);
  });

  it('promotes an existing customer with --promote, ending every session and reset link it had', async () => {
    const squatter = await loginAs(t.app);
    const other = await loginAs(t.app, squatter.user, { register: false });
    const token = await resetTokenFor(t, squatter.user.email);
    const { stdout } = await createAdmin([
      '--email',
      squatter.user.email,
      '--password',
      'promoted-pass',
      '--promote',
    ]);
    expect(stdout).toContain(`Promoted the customer account ${squatter.user.email} to admin (--promote)`);
    expect(stdout).toContain('Ended its 2 sessions and 1 pending password reset link');
    expect(await cookieOpens(squatter.sid)).toEqual([401, 401]);
    expect(await cookieOpens(other.sid)).toEqual([401, 401]);
    expect(await resetWith(token)).toBe(400);
    expect((await login(squatter.user.email, squatter.user.password)).status).toBe(401);
    const res = await login(squatter.user.email, 'promoted-pass');
    expect(res.body.isAdmin).toBe(true);
  });

  it("sets an existing admin's new password, ending the old password's sessions and reset links", async () => {
    const email = `admin-${Date.now()}@example.com`;
    await createAdmin(['--email', email, '--password', 'first-secret']);
    const { cookies } = await loginAs(
      t.app,
      { name: 'Admin', email, password: 'first-secret', confiremPassword: 'first-secret' },
      { register: false },
    );
    const token = await resetTokenFor(t, email);
    const { stdout } = await createAdmin(['--email', email, '--password', 'second-secret']);
    expect(stdout).toContain(`Set a new password for the admin ${email}.`);
    expect(stdout).toContain('Ended its 1 session and 1 pending password reset link');
    expect(await cookieOpens(cookies.sid)).toEqual([401, 401]);
    expect(await resetWith(token)).toBe(400);
    expect((await login(email, 'first-secret')).status).toBe(401);
    expect((await login(email, 'second-secret')).body.isAdmin).toBe(true);
  });

  it('refuses a short password and creates nothing', async () => {
    await expect(createAdmin(['--email', 'weak@example.com', '--password', '123'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Password size cant be less than 6'),
    });
    expect((await login('weak@example.com', '123')).status).toBe(404);
  });
});

describe('starting with a wrong setting', () => {
  it('stops with a message naming the variable', async () => {
    const env = { ...process.env, PORT: 'eighty', DATA_DIR: '/tmp/shop-never-created' };
    await expect(run(tsx, ['src/main.ts'], { cwd: serverDir, env })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('PORT'),
    });
  });
});
