// The API suite (Fastify inject) on SQLite, then on PostgreSQL; the catalog's tests run
// through each path a catalog request can take instead of once: its page from the search
// index or the database, cached or not (TEST_CATALOG_PATH, server/test/helpers/app.ts).
import { runOnBothDatabases } from './lib/both-databases.mjs';

const args = process.argv.slice(2);
const CATALOG_PATHS = ['index,cached', 'index,uncached', 'database,cached', 'database,uncached'];
// Every test that asks the catalog's routes, but the copy to PostgreSQL's (its one page read only
// shows the rows arrived, and a run of it takes long).
const CATALOG_TESTS = [
  'server/test/catalog',
  'server/test/checkout/cart.test.ts',
  'server/test/checkout/verified-purchase.test.ts',
  'server/test/admin/products.test.ts',
  'server/test/admin/delete-product.test.ts',
  'server/test/admin/delete-user.test.ts',
  'server/test/own-data/delete-account.test.ts',
  'server/test/accounts/sessions-across-instances.test.ts',
  'server/test/operations-log.test.ts',
];
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
