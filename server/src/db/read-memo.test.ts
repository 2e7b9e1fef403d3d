import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './index.js';
import { migrateDatabase } from './migrate.js';
import { createReadMemo, SHOWN_READ_TRUSTED_MS, type ReadMemo } from './read-memo.js';

/**
 * A real SQLite file: the memo must see every kind of write this process
 * makes through the handle, and none of another handle's until its time is up.
 */
describe('createReadMemo', () => {
  let dataDir: string;
  let db: Db;
  let clock: number;
  let reads: number;
  let shownName: ReadMemo<string, string | undefined>;

  const addProduct = (handle: Db, id: string, name: string) =>
    handle
      .insertInto('products')
      .values({
        id,
        name,
        name_search: name.toLowerCase(),
        image: '/images/x.jpg',
        category: 'Electronics',
        description: 'A product',
        price_paise: 100_00,
        count_in_stock: 3,
        created_at: new Date(0).toISOString(),
      })
      .execute();

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-read-memo-'));
    await migrateDatabase({ dataDir });
    db = createDb({ dataDir }).db;
    await addProduct(db, 'p1', 'Kettle');
    clock = 1_000_000;
    reads = 0;
    shownName = createReadMemo(
      db,
      () => clock,
      async (id: string) => {
        reads += 1;
        const row = await db.selectFrom('products').select('name').where('id', '=', id).executeTakeFirst();
        return row?.name;
      },
      2,
    );
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a read again from memory while nothing was written', async () => {
    expect(await shownName('p1')).toBe('Kettle');
    expect(await shownName('p1')).toBe('Kettle');
    expect(reads).toBe(1);
  });

  it("reads again at once after any write of this process's: update, insert, insert returning, delete, transaction", async () => {
    const writes: [string, () => Promise<unknown>][] = [
      [
        'update',
        () => db.updateTable('products').set({ name: 'Kettle II' }).where('id', '=', 'p1').execute(),
      ],
      ['insert', () => addProduct(db, 'p2', 'Toaster')],
      [
        'insert returning',
        () =>
          db.insertInto('app_settings').values({ key: 'memo-test', value: '1' }).returning('key').execute(),
      ],
      ['delete', () => db.deleteFrom('products').where('id', '=', 'p2').execute()],
      [
        'transaction',
        () =>
          db
            .transaction()
            .execute((trx) =>
              trx.updateTable('products').set({ name: 'Kettle III' }).where('id', '=', 'p1').execute(),
            ),
      ],
      ['raw SQL', () => sql`update products set name = 'Kettle IV' where id = 'p1'`.execute(db)],
    ];
    await shownName('p1');
    for (const [kind, write] of writes) {
      const before = reads;
      await write();
      await shownName('p1');
      expect(reads, kind).toBe(before + 1);
    }
    expect(await shownName('p1')).toBe('Kettle IV');
  });

  it("shows another handle's write once SHOWN_READ_TRUSTED_MS has passed, not before", async () => {
    const other = createDb({ dataDir }).db;
    try {
      expect(await shownName('p1')).toBe('Kettle');
      await other
        .updateTable('products')
        .set({ name: 'Kettle (other process)' })
        .where('id', '=', 'p1')
        .execute();
      clock += SHOWN_READ_TRUSTED_MS - 1;
      expect(await shownName('p1')).toBe('Kettle');
      clock += 1;
      expect(await shownName('p1')).toBe('Kettle (other process)');
    } finally {
      await other.destroy();
    }
  });

  it('reads again if the clock went back', async () => {
    await shownName('p1');
    clock -= 1;
    await shownName('p1');
    expect(reads).toBe(2);
  });

  it('kept: what it would answer from memory now, with no read; nothing where it would read', async () => {
    expect(shownName.kept('p1')).toBeUndefined();
    await shownName('p1', 'mark-a');
    expect(shownName.kept('p1')).toBe('Kettle');
    expect(shownName.kept('p1', 'mark-a')).toBe('Kettle');
    // A mark it has not read for, a key never read, a memo past its time, a write since.
    expect(shownName.kept('p1', 'mark-b')).toBeUndefined();
    expect(shownName.kept('p2')).toBeUndefined();
    clock += SHOWN_READ_TRUSTED_MS;
    expect(shownName.kept('p1')).toBeUndefined();
    expect(await shownName('p1')).toBe('Kettle');
    expect(shownName.kept('p1')).toBe('Kettle');
    await db.updateTable('products').set({ name: 'Kettle II' }).where('id', '=', 'p1').execute();
    expect(shownName.kept('p1')).toBeUndefined();
    expect(reads).toBe(2);
  });

  it('keeps at most maxEntries keys, the oldest out first', async () => {
    await addProduct(db, 'p2', 'Toaster');
    await addProduct(db, 'p3', 'Blender');
    for (const id of ['p1', 'p2', 'p3']) await shownName(id);
    expect(reads).toBe(3);
    await shownName('p3');
    await shownName('p2');
    expect(reads).toBe(3);
    await shownName('p1');
    expect(reads).toBe(4);
  });

  describe("a shopper's mark of a write through another instance", () => {
    it('reads again for a mark it has not read for, then answers that mark from memory', async () => {
      await shownName('p1');
      await shownName('p1', 'mark-a');
      expect(reads).toBe(2);
      await shownName('p1', 'mark-a');
      await shownName('p1');
      expect(reads).toBe(2);
      await shownName('p1', 'mark-b');
      expect(reads).toBe(3);
      // Kept for mark-b now: without holdsEarlier, mark-a cannot tell it is later than its own read.
      await shownName('p1', 'mark-a');
      expect(reads).toBe(4);
    });

    it('with holdsEarlier, answers an earlier mark from a later read that holds what was read for it', async () => {
      let version = 1;
      /** One value, counted reads of it, and `holdsEarlier`. */
      const shownVersion = (holdsEarlier: (later: number, earlier: number) => boolean) =>
        createReadMemo(
          db,
          () => clock,
          async () => {
            reads += 1;
            return version;
          },
          1,
          holdsEarlier,
        );
      const atLeast = shownVersion((later, earlier) => later >= earlier);
      expect(await atLeast(undefined, 'mark-a')).toBe(1);
      version = 2;
      expect(await atLeast(undefined, 'mark-b')).toBe(2);
      expect(await atLeast(undefined, 'mark-a')).toBe(2);
      expect(reads).toBe(2);
      // A later read that did not hold the earlier one's would be read again.
      const never = shownVersion(() => false);
      await never(undefined, 'mark-c');
      await never(undefined, 'mark-d');
      await never(undefined, 'mark-c');
      expect(reads).toBe(5);
    });
  });
});
