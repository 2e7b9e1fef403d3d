import { loadConfig } from '../config.js';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { insertGeneratedProducts } from '../modules/products/generated-catalog.js';

/**
 * npm run generate-catalog -- 100000: adds that many made-up products, for
 * measuring a large catalog (npm run bench). Never run it on a real shop.
 */
async function main() {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000) {
    throw new Error('Usage: generate-catalog <count>, a whole number from 1 to 10000000');
  }
  const config = loadConfig();
  const { db } = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const started = Date.now();
    await insertGeneratedProducts(db, count, new Date().toISOString());
    console.log(`${count} generated products added in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
