import { Migrator, type Migration } from 'kysely';
import { createDb, isDatabaseUnavailable, type Db, type DbOptions } from './index.js';
import * as accounts from './migrations/0001_accounts.js';
import * as products from './migrations/0002_products.js';
import * as catalog from './migrations/0003_catalog.js';
import * as checkout from './migrations/0004_checkout.js';
import * as admin from './migrations/0005_admin.js';
import * as mailOutbox from './migrations/0006_mail_outbox.js';
import * as searchIndex from './migrations/0007_search_index.js';
import * as catalogVersion from './migrations/0008_catalog_version.js';
import * as stockLookup from './migrations/0009_stock_lookup.js';
import * as stockVersion from './migrations/0010_stock_version.js';
import * as stockChanges from './migrations/0011_stock_changes.js';
import * as pageVersion from './migrations/0012_page_version.js';
import * as adminListOrder from './migrations/0013_admin_list_order.js';
import * as growthIndexes from './migrations/0014_growth_indexes.js';
import * as testGatewayPayments from './migrations/0015_test_gateway_payments.js';
import * as verifiedRatings from './migrations/0016_verified_ratings.js';
import * as checkoutAddress from './migrations/0017_checkout_address.js';
import * as orderStates from './migrations/0018_order_states.js';
import * as ownerOverview from './migrations/0019_owner_overview.js';
import * as gst from './migrations/0020_gst.js';
import * as shopPages from './migrations/0021_shop_pages.js';
import * as ratingsWithoutRefunded from './migrations/0022_ratings_without_refunded.js';
import * as orderPaymentIds from './migrations/0023_order_payment_ids.js';
import * as refundsNewest from './migrations/0024_refunds_newest.js';
import { sqliteOpenFailure } from '../lib/start-failures.js';
import { refreshCatalogTriggers } from '../modules/products/catalog-triggers.js';

/** Listed in code, not read from a folder, so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_products': products,
  '0003_catalog': catalog,
  '0004_checkout': checkout,
  '0005_admin': admin,
  '0006_mail_outbox': mailOutbox,
  '0007_search_index': searchIndex,
  '0008_catalog_version': catalogVersion,
  '0009_stock_lookup': stockLookup,
  '0010_stock_version': stockVersion,
  '0011_stock_changes': stockChanges,
  '0012_page_version': pageVersion,
  '0013_admin_list_order': adminListOrder,
  '0014_growth_indexes': growthIndexes,
  '0015_test_gateway_payments': testGatewayPayments,
  '0016_verified_ratings': verifiedRatings,
  '0017_checkout_address': checkoutAddress,
  '0018_order_states': orderStates,
  '0019_owner_overview': ownerOverview,
  '0020_gst': gst,
  '0021_shop_pages': shopPages,
  '0022_ratings_without_refunded': ratingsWithoutRefunded,
  '0023_order_payment_ids': orderPaymentIds,
  '0024_refunds_newest': refundsNewest,
};

export async function migrateToLatest(db: Db): Promise<void> {
  // A shop may have a later migration applied before an earlier one (branches merged out of
  // number order); each is independent, so the missing ones simply run.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`Migration ${failed.migrationName} failed: ${String(error)}`, { cause: error });
  if (error && isDatabaseUnavailable(error))
    throw new Error(`The database could not be reached to migrate it: ${String(error)}`, { cause: error });
  if (error)
    throw new Error(`Migrating the database failed before any migration ran: ${String(error)}`, {
      cause: error,
    });
  await refreshCatalogTriggers(db);
}

/**
 * Migrates on a connection of its own, without the limits the server's
 * requests run under (db/index.ts): building an index on a large table, or
 * waiting while another instance holds the migration lock, takes what it takes.
 */
export async function migrateDatabase(options: DbOptions): Promise<void> {
  let db: Db | undefined;
  try {
    db = createDb(options).db;
    await migrateToLatest(db);
  } catch (error) {
    // The first open of the SQLite file happens here: a failure names DATA_DIR and the file.
    const told = options.databaseUrl ? undefined : sqliteOpenFailure(options.dataDir, error);
    throw told ? new Error(told, { cause: error }) : error;
  } finally {
    await db?.destroy();
  }
}
