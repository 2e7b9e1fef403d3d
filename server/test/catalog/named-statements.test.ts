import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOnce } from '../../src/db/compile-once.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';

/**
 * The hot queries (compileOnce) run as named prepared statements on
 * PostgreSQL, so it parses them once per connection (db/index.ts); any other
 * query stays unnamed. On SQLite the statement cache does that job.
 */
describe(`hot queries compiled once (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the rows as they are now at every run', async () => {
    const { db } = t.app.ctx;
    const nameOf = compileOnce(db, db.selectFrom('users').select('name').where('email', '=', ''));
    expect(await nameOf('hot@example.com')).toEqual([]);
    await db
      .insertInto('users')
      .values({
        id: 'u-hot-1',
        name: 'Hot One',
        email: 'hot@example.com',
        password_hash: 'x',
        is_admin: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await nameOf('hot@example.com')).toEqual([{ name: 'Hot One' }]);
    await db.updateTable('users').set({ name: 'Hot Two' }).where('id', '=', 'u-hot-1').execute();
    expect(await nameOf('hot@example.com')).toEqual([{ name: 'Hot Two' }]);
  });

  if (testDbKind === 'postgres')
    it('prepares a compiled-once query by name on the connection that runs it', async () => {
      await t.app.ctx.db.transaction().execute(async (trx) => {
        const hot = compileOnce(trx, trx.selectFrom('products').select('id').where('id', '=', ''));
        expect(await hot('no-such-product')).toEqual([]);
        expect(await hot('another-missing-one')).toEqual([]);
        await trx
          .selectFrom('users')
          .select(sql<number>`1`.as('unnamed_probe'))
          .execute();
        const { rows } = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements`.execute(trx);
        const prepared = rows.map((r) => r.statement);
        expect(prepared.filter((s) => s.includes('from "products"'))).toHaveLength(1);
        expect(prepared.some((s) => s.includes('unnamed_probe'))).toBe(false);
      });
    });
});
