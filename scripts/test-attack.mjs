// The attack suite against the production build (npm run build first), on
// SQLite, then on PostgreSQL.
import { runOnBothDatabases } from './lib/both-databases.mjs';

process.exit(
  await runOnBothDatabases({
    title: 'attack tests (production build)',
    project: 'attack',
    envVar: 'ATTACK_DB',
    args: process.argv.slice(2),
  }),
);
