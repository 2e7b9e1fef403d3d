import { messages } from '@shop/shared';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { checkoutRows, customerReadyToPay, orderCreate, stockOf, validShipping } from './helpers/checkout.js';
import { testDbKind } from './helpers/databases.js';

const showTimeout = sql<{ statement_timeout: string }>`show statement_timeout`;

/**
 * PostgreSQL stops a request's statement after 10 s (db/index.ts), so a lock
 * held too long or a runaway query costs one 503, not a hung request and a
 * busy server. Migrations and the command-line tools run without that limit.
 * The faults suite (faults/postgres-hang.test.ts) covers a server that stops
 * answering at all. SQLite has no such setting: a write waits for another
 * writer's lock at most busy_timeout (5 s), and a checkout, which reads before
 * it writes, was refused at once in this test.
 */
describe(`limits on the database's time (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const shopperAtCheckout = () => customerReadyToPay(t.app, { stock: 4, quantity: 1 });

  /** The shop's answer to a database that did not serve the request: 503, and nothing reserved. */
  async function expectUnavailableAndNothingReserved(
    res: Awaited<ReturnType<typeof orderCreate>>,
    { product, me }: Awaited<ReturnType<typeof shopperAtCheckout>>,
  ) {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(messages.databaseUnavailable);
    expect(await stockOf(t.app.ctx.db, product.id)).toBe(4);
    expect(await checkoutRows(t.app.ctx.db, me.id)).toEqual([]);
  }

  if (testDbKind === 'postgres') {
    it("has PostgreSQL stop any of the server's statements after 10 s, on every connection of its pool", async () => {
      // Three connections at once, so not only the first the pool opened is asked.
      const shown = await Promise.all(
        [1, 2, 3].map(() =>
          t.app.ctx.db.connection().execute(async (connection) => {
            const answer = (await showTimeout.execute(connection)).rows[0]!.statement_timeout;
            await sql`select pg_sleep(0.05)`.execute(connection);
            return answer;
          }),
        ),
      );
      expect(shown).toEqual(['10s', '10s', '10s']);
    });

    it('leaves migrations and the command-line tools without that limit', async () => {
      const { db } = createDb({ databaseUrl: t.database.databaseUrl, dataDir: t.database.dataDir });
      try {
        expect((await showTimeout.execute(db)).rows[0]!.statement_timeout).toBe('0');
      } finally {
        await db.destroy();
      }
    });

    it('answers 503 with retry-after when PostgreSQL cancels a statement of the request, and reserves nothing', async () => {
      const shopper = await shopperAtCheckout();
      const { product, me } = shopper;
      // Another session holds the product's row, so the checkout's reservation waits on it;
      // then the wait is cancelled as the statement timeout would cancel it (57014).
      const { db: holder } = createDb({ databaseUrl: t.database.databaseUrl, dataDir: t.database.dataDir });
      try {
        const res = await holder.transaction().execute(async (trx) => {
          await sql`select id from products where id = ${product.id} for update`.execute(trx);
          const answer = orderCreate(t.app, me.sid, validShipping());
          let cancelled = false;
          for (let tries = 0; !cancelled && tries < 200; tries += 1) {
            const { rows } = await sql<{ cancelled: boolean }>`
              select pg_cancel_backend(pid) as cancelled from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`.execute(holder);
            cancelled = rows.some((row) => row.cancelled);
            if (!cancelled) await new Promise((resolve) => setTimeout(resolve, 25));
          }
          expect(cancelled).toBe(true);
          return answer;
        });
        await expectUnavailableAndNothingReserved(res, shopper);
      } finally {
        await holder.destroy();
      }
      // The connection whose statement was cancelled serves on.
      expect((await orderCreate(t.app, me.sid, validShipping())).statusCode).toBe(200);
      expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);
    });
  }

  if (testDbKind === 'sqlite') {
    it('answers 503 with retry-after when another writer holds the lock, and reserves nothing', async () => {
      const shopper = await shopperAtCheckout();
      const { product, me } = shopper;
      // Another process's write transaction (a backup tool, a second shop by mistake).
      const holder = new SqliteDatabase(path.join(t.database.dataDir, 'shop.db'));
      try {
        holder.exec('begin immediate');
        const res = await orderCreate(t.app, me.sid, validShipping());
        holder.exec('rollback');
        await expectUnavailableAndNothingReserved(res, shopper);
      } finally {
        holder.close();
      }
      // Once the lock is let go, the same checkout goes through.
      expect((await orderCreate(t.app, me.sid, validShipping())).statusCode).toBe(200);
      expect(await stockOf(t.app.ctx.db, product.id)).toBe(3);
    });
  }
});
