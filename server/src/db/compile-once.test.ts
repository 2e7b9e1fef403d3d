import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { compileOnce } from './compile-once.js';
import { createDb, type Db } from './index.js';

const opened: { db: Db; dir: string }[] = [];
afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function sqliteWithNotes() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'compile-once-'));
  const { db } = createDb({ dataDir: dir });
  opened.push({ db, dir });
  await sql`create table notes (id text primary key, body text)`.execute(db);
  await sql`insert into notes values ('a', 'first')`.execute(db);
  return db;
}

const noteById = (db: Db) => compileOnce(db, sql<{ body: string }>`select body from notes where id = ${''}`);

describe('compileOnce on SQLite', () => {
  it('reads with the values given, again and again', async () => {
    const db = await sqliteWithNotes();
    const read = noteById(db);
    expect(await read('a')).toEqual([{ body: 'first' }]);
    expect(await read('b')).toEqual([]);
    await expect(read()).rejects.toThrow('expected 1 parameters, got 0');
  });

  it('never sees what a transaction under way has written: it waits for the transaction to end', async () => {
    const db = await sqliteWithNotes();
    const read = noteById(db);
    let readInside: Promise<unknown> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into notes values ('b', 'not committed')`.execute(trx);
        // Another request's read, while this transaction holds the connection.
        readInside = read('b');
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readInside).toEqual([]);
    expect(await read('b')).toEqual([]);
  });
});
