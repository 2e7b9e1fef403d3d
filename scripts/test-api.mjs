// The API suite (Fastify inject) on SQLite, then on PostgreSQL; the catalog's tests run
// through each path a catalog request can take instead of once: its page from the search
// index or the database, cached or not (TEST_CATALOG_PATH, server/test/helpers/app.ts).
import { runOnBothDatabases } from './lib/both-databases.mjs';

const args = process.argv.slice(2);
const CATALOG_PATHS = ['index,cached', 'index,uncached', 'database,cached', 'database,uncached'];
const CATALOG_TESTS = ['server/test/catalog', 'server/test/checkout/cart.test.ts'];
const whole = args.length === 0;

process.exit(
  await runOnBothDatabases({
    title: 'API tests',
    project: 'api',
    envVar: 'TEST_DB',
    args: whole
      ? CATALOG_TESTS.flatMap((tests) => ['--exclude', `${tests}${tests.endsWith('.ts') ? '' : '/**'}`])
      : args,
    more: whole
      ? CATALOG_PATHS.map((path) => ({
          title: `catalog API tests, ${path}`,
          env: { TEST_CATALOG_PATH: path },
          args: CATALOG_TESTS,
        }))
      : [],
  }),
);
