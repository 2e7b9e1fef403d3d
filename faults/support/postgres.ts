import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createPostgresDatabase } from '../../server/test/helpers/databases.js';
import { freePort, tempDir } from './shop.js';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries on this machine (PG_BIN overrides). */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin/pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error(`No PostgreSQL server binaries under ${root}; set PG_BIN.`);
  return path.join(root, versions[0], 'bin');
}

/** Runs a PostgreSQL tool as the postgres OS user (initdb refuses root). */
async function asPostgres(tool: string, args: string[]): Promise<string> {
  const command = path.join(postgresBin(), tool);
  const isRoot = process.getuid?.() === 0;
  const { stdout } = isRoot
    ? await run('runuser', ['-u', 'postgres', '--', command, ...args])
    : await run(command, args);
  return stdout;
}

export type PrivatePostgres = {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server (if running) and deletes its files. */
  destroy(): Promise<void>;
};

/**
 * A PostgreSQL cluster of the test's own on 127.0.0.1 and a free port, with
 * trust authentication: stopping it touches nothing else on the machine.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = tempDir('pg');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const port = await freePort();
  await asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`;
  let running = false;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await asPostgres('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '30', '-o', options]);
      running = true;
    },
    async stop() {
      await asPostgres('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

/** A fresh database on the machine's shared PostgreSQL server, dropped by `drop`. */
export async function createSharedDatabase(): Promise<{
  url: string;
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}> {
  const { url, drop } = await createPostgresDatabase('shop_faults');
  return {
    url,
    async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<T>(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    drop,
  };
}
