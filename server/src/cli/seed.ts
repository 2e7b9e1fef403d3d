import { loadConfig } from '../config.js';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { systemClock } from '../lib/clock.js';
import { reloadCatalog } from '../modules/products/seed.js';

/** npm run seed: loads the demo catalog again without duplicating it. */
async function main() {
  const config = loadConfig();
  const { db } = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const { inserted, updated } = await reloadCatalog(db, systemClock);
    console.log(`Demo catalog loaded: ${inserted} added, ${updated} refreshed.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
