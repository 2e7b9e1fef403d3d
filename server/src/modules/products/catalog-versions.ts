import { sql } from 'kysely';
import { anyOf, createBatcher } from '../../db/batch.js';
import { perDb, preparedQuery } from '../../db/compile-once.js';
import type { Db, DbKind } from '../../db/index.js';
import type { ProductRow } from './repo.js';

/**
 * The numbers a cached catalog or product page is checked against: `catalog`
 * moves with every product change but stock (migration 0008), `stock` with
 * every stock change (migrations 0010 on SQLite and 0011 on PostgreSQL) and
 * every review and order written (0012); null if unknown.
 */
export type Versions = { catalog: string; stock: string | null };

const setting = (db: Db, key: string) => db.selectFrom('app_settings').select('value').where('key', '=', key);

const catalogVersionQuery = preparedQuery((db) => setting(db, 'catalog_version'));

export async function readCatalogVersion(db: Db): Promise<string> {
  const [row] = await catalogVersionQuery(db)('catalog_version');
  return row?.value ?? '';
}

/** PostgreSQL's stock version: the base plus the changes not yet folded into it (migration 0011). */
const postgresStockVersion = sql<string>`((select value::bigint from app_settings where key = 'stock_version')
  + (select count(*) from stock_changes))::text`;

/**
 * The stock version as a column, read in the statement that reads stock, so
 * both are of one moment (the search index's build reads it with each batch).
 */
export function stockVersionColumn(db: Db, kind: DbKind) {
  return kind === 'postgres' ? postgresStockVersion : sql<string | null>`(${setting(db, 'stock_version')})`;
}

/**
 * Folds PostgreSQL's stock change rows into the base, in one transaction, so
 * the version (their sum) stays as it was and counting the rows stays cheap.
 * Instances may run it at once: a row one of them deleted, the other skips.
 */
export async function foldStockChanges(db: Db, kind: DbKind): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`with folded as (delete from stock_changes returning 1)
    update app_settings set value = (value::bigint + (select count(*) from folded))::text
    where key = 'stock_version' and exists (select 1 from folded)`.execute(db);
}

type StockRow = Pick<ProductRow, 'id' | 'count_in_stock'>;
/** What SQLite's by-id query brings beside each row. */
type WithVersions = { version: string | null; cart_lines: number | null };

const cartLines = (db: Db) =>
  db
    .selectFrom('cart_lines')
    .select((eb) => eb.fn.countAll<number>().as('lines'))
    .where('user_id', '=', '');

const cartLinesQuery = preparedQuery(cartLines);

/** How many lines the shopper's cart has (the badge beside the catalog). */
export async function countCartLines(db: Db, userId: string): Promise<number> {
  const [row] = await cartLinesQuery(db)(userId);
  return Number(row?.lines ?? 0);
}

const sqliteHeadQuery = preparedQuery((db) =>
  db.selectNoFrom([
    setting(db, 'catalog_version').as('catalog'),
    setting(db, 'stock_version').as('stock'),
    cartLines(db).as('lines'),
  ]),
);

const sqliteVersionsQuery = preparedQuery((db) =>
  db.selectNoFrom([setting(db, 'catalog_version').as('catalog'), setting(db, 'stock_version').as('stock')]),
);

/**
 * The catalog and stock versions alone (a product page shows no cart count),
 * in one read; on PostgreSQL in the trip of the other shoppers asking at once.
 */
export async function readVersions(db: Db, kind: DbKind): Promise<Versions> {
  if (kind === 'postgres') {
    const { catalogVersion, stockVersion } = await readStockTogether(db)({ ids: [] });
    return { catalog: catalogVersion, stock: stockVersion };
  }
  const [row] = await sqliteVersionsQuery(db)('catalog_version', 'stock_version');
  return { catalog: row?.catalog ?? '', stock: row?.stock ?? null };
}

/**
 * The catalog and stock versions and the shopper's cart line count, in one
 * read (on PostgreSQL one trip, shared with other shoppers asking at once):
 * what every catalog answer needs before it knows whether to read products.
 */
export async function readVersionsAndCart(
  db: Db,
  kind: DbKind,
  userId: string,
): Promise<Versions & { cartLines: number }> {
  if (kind === 'postgres') {
    const { catalogVersion, stockVersion, cartLines } = await readStockTogether(db)({ ids: [], userId });
    return { catalog: catalogVersion, stock: stockVersion, cartLines };
  }
  const [row] = await sqliteHeadQuery(db)('catalog_version', 'stock_version', userId);
  return { catalog: row?.catalog ?? '', stock: row?.stock ?? null, cartLines: Number(row?.lines ?? 0) };
}

/** SQLite's query for the stock of `count` ids, compiled once per count (a page has few sizes). */
const stockQueries = new Map<number, (db: Db) => (...parameters: unknown[]) => Promise<unknown[]>>();
function stockQuery(db: Db, count: number) {
  let prepared = stockQueries.get(count);
  if (!prepared) {
    const ids = Array.from({ length: count }, () => '');
    prepared = preparedQuery(
      (db) =>
        // The narrow index of migration 0009, named: see there why.
        sql<
          StockRow & WithVersions
        >`select id, count_in_stock, (${setting(db, 'catalog_version')}) as version,
          (${cartLines(db)}) as cart_lines
          from products indexed by products_id_stock where id in (${sql.join(ids)})`,
    );
    stockQueries.set(count, prepared);
  }
  return prepared(db) as (...parameters: unknown[]) => Promise<(StockRow & WithVersions)[]>;
}

/** Stock by product id, with the catalog version and the shopper's cart line count. */
type StockAnswer = {
  catalogVersion: string;
  /** PostgreSQL's only (SQLite's comes with readVersionsAndCart). */
  stockVersion: string | null;
  cartLines: number;
  stock: Map<string, number>;
};

/**
 * On PostgreSQL the reads of shoppers asking at once go in one trip (db/batch.ts),
 * one statement, so one snapshot: the stock of the products they ask about,
 * each shopper's cart line count, the catalog and the stock version. Rows are
 * told apart by `kind`.
 */
const stockTogetherQuery = preparedQuery(
  () => sql<{ kind: 'stock' | 'cart' | 'version' | 'stock_version'; id: string; count: string | null }>`
    select 'stock' as kind, id, count_in_stock::bigint as count from products where ${anyOf('id')}
    union all
    select 'cart', user_id, count(*) from cart_lines where ${anyOf('user_id')} group by user_id
    union all
    select 'version', value, null from app_settings where key = 'catalog_version'
    union all
    select 'stock_version', ${postgresStockVersion}, null`,
);

/** `userId`: whose cart lines to count; none, no count (the answer's `cartLines` is then 0). */
type StockRequest = { ids: string[]; userId?: string };
const readStockTogether = perDb((db) =>
  createBatcher(async (requests: StockRequest[]): Promise<StockAnswer[]> => {
    const ids = [...new Set(requests.flatMap((r) => r.ids))];
    const users = [...new Set(requests.flatMap((r) => (r.userId === undefined ? [] : [r.userId])))];
    const stock = new Map<string, number>();
    const lines = new Map<string, number>();
    let catalogVersion = '';
    let stockVersion: string | null = null;
    for (const row of await stockTogetherQuery(db)(ids, users)) {
      if (row.kind === 'stock') stock.set(row.id, Number(row.count));
      else if (row.kind === 'cart') lines.set(row.id, Number(row.count));
      else if (row.kind === 'version') catalogVersion = row.id;
      else stockVersion = row.id;
    }
    return requests.map(({ ids: asked, userId }) => ({
      catalogVersion,
      stockVersion,
      cartLines: (userId !== undefined && lines.get(userId)) || 0,
      stock: new Map(asked.flatMap((id) => (stock.has(id) ? [[id, stock.get(id)!] as const] : []))),
    }));
  }),
);

/**
 * The current stock of these products, with the catalog version and the
 * shopper's cart line count in the same trip to the database (on PostgreSQL
 * a trip is the larger part of the cost). A product not found has no entry.
 */
export async function readStock(db: Db, kind: DbKind, ids: string[], userId: string): Promise<StockAnswer> {
  if (kind === 'postgres') return readStockTogether(db)({ ids, userId });
  const rows = ids.length ? await stockQuery(db, ids.length)('catalog_version', userId, ...ids) : [];
  const [first] = rows;
  return {
    catalogVersion: first?.version ?? (await readCatalogVersion(db)),
    stockVersion: null,
    cartLines: first ? Number(first.cart_lines ?? 0) : await countCartLines(db, userId),
    stock: new Map(rows.map((row) => [row.id, row.count_in_stock])),
  };
}
