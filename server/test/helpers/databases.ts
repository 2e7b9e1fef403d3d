import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Each test file gets a fresh database: a temporary folder with its own
 * shop.db on SQLite, or a new database on the PostgreSQL server. TEST_DB picks
 * which (scripts/test-api.mjs runs the suite once for each).
 */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const postgresAdminUrl =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = { dataDir: string; databaseUrl: string | undefined; drop(): Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  if (testDbKind === 'sqlite') {
    return {
      dataDir,
      databaseUrl: undefined,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const postgres = await createPostgresDatabase('shop_test');
  return {
    dataDir,
    databaseUrl: postgres.url,
    async drop() {
      await postgres.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One statement as the PostgreSQL superuser (CREATE or DROP DATABASE), on its own connection. */
export async function postgresAdminStatement(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the PostgreSQL server at TEST_POSTGRES_URL (the API,
 * attack and fault suites all use it), and the way to drop it again.
 */
export async function createPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await postgresAdminStatement(`CREATE DATABASE ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => postgresAdminStatement(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
