import { loadConfig } from '../config.js';
import { createDb, describeDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { systemClock } from '../lib/clock.js';
import { reloadCatalog } from '../modules/products/seed.js';

/** npm run seed: loads the demo catalog again without duplicating it. */
async function main() {
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const { db } = createDb(target);
  try {
    await migrateToLatest(db);
    const { inserted, updated } = await reloadCatalog(db, systemClock);
    console.log(`Demo catalog loaded: ${inserted} added, ${updated} refreshed.`);
    console.log(`Wrote to ${describeDatabase(target)}`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
