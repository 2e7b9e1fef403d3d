// The API suite (Fastify inject) on SQLite, then on PostgreSQL; after the whole suite,
// on each database, the catalog's tests again through each path a catalog request
// can take: its page from the search index or the database, cached or not
// (TEST_CATALOG_PATH, server/test/helpers/app.ts).
import { runOnBothDatabases } from './lib/both-databases.mjs';

const args = process.argv.slice(2);
const CATALOG_PATHS = ['index,cached', 'index,uncached', 'database,cached', 'database,uncached'];

process.exit(
  await runOnBothDatabases({
    title: 'API tests',
    project: 'api',
    envVar: 'TEST_DB',
    args,
    more:
      args.length === 0
        ? CATALOG_PATHS.map((path) => ({
            title: `catalog API tests, ${path}`,
            env: { TEST_CATALOG_PATH: path },
            args: ['server/test/catalog', 'server/test/checkout/cart.test.ts'],
          }))
        : [],
  }),
);
