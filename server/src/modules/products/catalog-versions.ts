import { sql } from 'kysely';
import { anyOf, createBatcher } from '../../db/batch.js';
import { perDb, preparedQuery } from '../../db/compile-once.js';
import type { Db, DbKind } from '../../db/index.js';
import { productColumns, type ProductRow } from './repo.js';

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
    const { catalogVersion, stockVersion } = await readByIdTogether(db)({ whole: [], stock: [] });
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
    const { catalogVersion, stockVersion, cartLines } = await readByIdTogether(db)({
      whole: [],
      stock: [],
      userId,
    });
    return { catalog: catalogVersion, stock: stockVersion, cartLines };
  }
  const [row] = await sqliteHeadQuery(db)('catalog_version', 'stock_version', userId);
  return { catalog: row?.catalog ?? '', stock: row?.stock ?? null, cartLines: Number(row?.lines ?? 0) };
}

/**
 * SQLite's query for `count` ids, compiled once per count (a page has few
 * sizes): their stock only, or their whole rows.
 */
const byIdQueries = new Map<string, (db: Db) => (...parameters: unknown[]) => Promise<unknown[]>>();
function byIdQuery<Row>(db: Db, count: number, whole: boolean) {
  const key = `${count}:${whole}`;
  let prepared = byIdQueries.get(key);
  if (!prepared) {
    const ids = Array.from({ length: count }, () => '');
    prepared = preparedQuery((db) =>
      !whole
        ? // The narrow index of migration 0009, named: see there why.
          sql<
            StockRow & WithVersions
          >`select id, count_in_stock, (${setting(db, 'catalog_version')}) as version,
            (${cartLines(db)}) as cart_lines
            from products indexed by products_id_stock where id in (${sql.join(ids)})`
        : db
            .selectFrom('products')
            .select(productColumns)
            .select(setting(db, 'catalog_version').as('version'))
            .select(cartLines(db).as('cart_lines'))
            .where('id', 'in', ids),
    );
    byIdQueries.set(key, prepared);
  }
  return prepared(db) as (...parameters: unknown[]) => Promise<(Row & WithVersions)[]>;
}

/**
 * The rows of the products in `whole` and the stock of those in `stock`, with
 * the catalog version and the cart line count (SQLite: from the first statement).
 */
async function readById<Row extends StockRow>(
  db: Db,
  kind: DbKind,
  request: { whole: string[]; stock: string[] },
  userId: string,
): Promise<ByIdAnswer<Row>> {
  if (kind === 'postgres') return (await readByIdTogether(db)({ ...request, userId })) as ByIdAnswer<Row>;
  const read = (ids: string[], whole: boolean) =>
    ids.length ? byIdQuery<Row>(db, ids.length, whole)('catalog_version', userId, ...ids) : [];
  const rows = [...(await read(request.whole, true)), ...(await read(request.stock, false))];
  const [first] = rows;
  return {
    catalogVersion: first?.version ?? (await readCatalogVersion(db)),
    stockVersion: null,
    cartLines: first ? Number(first.cart_lines ?? 0) : await countCartLines(db, userId),
    rows: new Map(rows.map((row) => [row.id, row])),
  };
}

/**
 * On PostgreSQL the reads of shoppers asking at once go in one trip (db/batch.ts),
 * one statement, so one snapshot: the whole rows some of them need, the stock
 * of the rest, each shopper's cart line count and the catalog version. Rows
 * are told apart by `kind`; a stock row's other columns are null.
 */
const byIdTogetherQuery = preparedQuery(() => {
  const columns = (only?: string) =>
    sql.join(productColumns.slice(1).map((c) => (only === undefined || c === only ? sql.ref(c) : sql`null`)));
  return sql<
    ProductRow & { kind: 'product' | 'stock' | 'cart' | 'version' | 'stock_version'; lines: number | null }
  >`
    select 'product' as kind, id, ${columns()}, null::bigint as lines
      from products where ${anyOf('id')}
    union all
    select 'stock', id, ${columns('count_in_stock')}, null from products where ${anyOf('id')}
    union all
    select 'cart', user_id, ${columns('')}, count(*) from cart_lines where ${anyOf('user_id')}
      group by user_id
    union all
    select 'version', value, ${columns('')}, null from app_settings where key = 'catalog_version'
    union all
    select 'stock_version', ${postgresStockVersion}, ${columns('')}, null`;
});

/**
 * `whole`: the products whose rows to read; `stock`: those whose stock alone.
 * `userId`: whose cart lines to count; none, no count (the answer's `cartLines` is then 0).
 */
type ByIdRequest = { whole: string[]; stock: string[]; userId?: string };
type ByIdAnswer<Row> = {
  catalogVersion: string;
  /** PostgreSQL's only (SQLite's comes with readVersionsAndCart). */
  stockVersion: string | null;
  cartLines: number;
  rows: Map<string, Row>;
};
const readByIdTogether = perDb((db) =>
  createBatcher(async (requests: ByIdRequest[]): Promise<ByIdAnswer<ProductRow>[]> => {
    const whole = new Set(requests.flatMap((r) => r.whole));
    const stockOnly = new Set(requests.flatMap((r) => r.stock).filter((id) => !whole.has(id)));
    const users = [...new Set(requests.flatMap((r) => (r.userId === undefined ? [] : [r.userId])))];
    const products = new Map<string, ProductRow>();
    const lines = new Map<string, number>();
    let catalogVersion = '';
    let stockVersion: string | null = null;
    for (const row of await byIdTogetherQuery(db)([...whole], [...stockOnly], users)) {
      if (row.kind === 'product' || row.kind === 'stock') products.set(row.id, row);
      else if (row.kind === 'cart') lines.set(row.id, Number(row.lines));
      else if (row.kind === 'version') catalogVersion = row.id;
      else stockVersion = row.id;
    }
    return requests.map(({ whole: wholeIds, stock: stockIds, userId }) => ({
      catalogVersion,
      stockVersion,
      cartLines: (userId !== undefined && lines.get(userId)) || 0,
      rows: new Map(
        [...wholeIds, ...stockIds].flatMap((id) =>
          products.has(id) ? [[id, products.get(id)!] as const] : [],
        ),
      ),
    }));
  }),
);

/**
 * The current stock of these products, with the catalog version and the
 * shopper's cart line count in the same trip to the database (on PostgreSQL
 * a trip is the larger part of the cost).
 */
export async function readStock(db: Db, kind: DbKind, ids: string[], userId: string) {
  const { rows, ...rest } = await readById<StockRow>(db, kind, { whole: [], stock: ids }, userId);
  return { ...rest, stock: new Map([...rows].map(([id, row]) => [id, row.count_in_stock])) };
}

/**
 * `readStock`, with the whole rows of the products in `whole` (a page found in
 * the search index): in `rows`, those of `stock` hold their id and stock only.
 */
export async function readProducts(
  db: Db,
  kind: DbKind,
  request: { whole: string[]; stock: string[] },
  userId: string,
) {
  return readById<ProductRow>(db, kind, request, userId);
}
