import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { compileOnce } from './compile-once.js';
import { createDb } from './index.js';

it("never sees what a transaction under way has written on SQLite: the read waits for the transaction's end", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'compile-once-'));
  const { db } = createDb({ dataDir: dir });
  await sql`create table notes (id text primary key, body text)`.execute(db);
  await sql`insert into notes values ('a', 'first')`.execute(db);
  const noteById = compileOnce(db, sql<{ body: string }>`select body from notes where id = ${''}`);
  let readInside: Promise<unknown> | undefined;
  const transaction = db.transaction().execute(async (trx) => {
    await sql`insert into notes values ('b', 'not committed')`.execute(trx);
    readInside = noteById('b'); // another request's read, while the transaction holds the connection
    await new Promise((resolve) => setTimeout(resolve, 20));
    throw new Error('rolled back');
  });
  await expect(transaction).rejects.toThrow('rolled back');
  expect(await readInside).toEqual([]);
  expect(await noteById('a')).toEqual([{ body: 'first' }]);
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});
