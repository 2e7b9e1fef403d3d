import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { newCustomer, registerUser } from '../helpers/users.js';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../node_modules/.bin/tsx');

describe(`npm run create-admin (${testDbKind})`, () => {
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

  it('promotes an existing customer and sets the given password', async () => {
    const customer = await registerUser(t.app, newCustomer());
    expect((await login(customer.email, customer.password)).body.isAdmin).toBe(false);
    await createAdmin(['--email', customer.email, '--password', 'promoted-pass']);
    const res = await login(customer.email, 'promoted-pass');
    expect(res.body.isAdmin).toBe(true);
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
