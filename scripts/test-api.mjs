// The API suite (Fastify inject) on SQLite, then on PostgreSQL.
import { runOnBothDatabases } from './lib/both-databases.mjs';

process.exit(
  await runOnBothDatabases({
    title: 'API tests',
    project: 'api',
    envVar: 'TEST_DB',
    args: process.argv.slice(2),
  }),
);
