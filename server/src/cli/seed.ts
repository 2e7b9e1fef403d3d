import { loadConfig, takesRealMoney } from '../config.js';
import { createDb, describeDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { systemClock } from '../lib/clock.js';
import { addMissingDemoProducts } from '../modules/products/seed.js';

/** npm run seed: adds the demo products the catalog lacks; products already there stay as they are. */
async function main() {
  const config = loadConfig();
  if (takesRealMoney(config)) {
    console.error(
      'RAZORPAY_KEY_ID is a live key: this shop takes real money, so no demo products are added.',
    );
    process.exit(2);
  }
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const { db } = createDb(target);
  try {
    await migrateToLatest(db);
    const { added, kept } = await addMissingDemoProducts(db, systemClock);
    console.log(
      `Demo catalog: ${added} missing demo products added; ${kept} already in the shop (same name) left unchanged.`,
    );
    console.log(`Wrote to ${describeDatabase(target)}`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
