import { sql } from 'kysely';
import { preparedQuery } from '../../db/compile-once.js';
import type { Db, DbKind } from '../../db/index.js';
import { productColumns, type ProductRow } from './repo.js';

/**
 * The numbers a cached catalog page is checked against: `catalog` moves with
 * every product change but stock (migration 0008), `stock` with every stock
 * change (migration 0010, SQLite only: null on PostgreSQL).
 */
export type Versions = { catalog: string; stock: string | null };

const setting = (db: Db, key: string) => db.selectFrom('app_settings').select('value').where('key', '=', key);

const versionsQuery = preparedQuery((db) =>
  db.selectNoFrom([setting(db, 'catalog_version').as('catalog'), setting(db, 'stock_version').as('stock')]),
);

export async function readVersions(db: Db): Promise<Versions> {
  const [row] = await versionsQuery(db)('catalog_version', 'stock_version');
  return { catalog: row?.catalog ?? '', stock: row?.stock ?? null };
}

type StockRow = { id: string; count_in_stock: number; version: string | null; cart_lines: number | null };

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

type ProductRowWithVersions = Omit<StockRow, 'count_in_stock'> & ProductRow;

/**
 * The query for `count` ids, compiled once per count (a page has few sizes):
 * their stock only, or their whole rows.
 */
const byIdQueries = new Map<string, (db: Db) => (...parameters: unknown[]) => Promise<unknown[]>>();
function byIdQuery<Row>(db: Db, kind: DbKind, count: number, whole: boolean) {
  const key = `${kind}:${count}:${whole}`;
  let prepared = byIdQueries.get(key);
  if (!prepared) {
    const ids = Array.from({ length: count }, () => '');
    prepared = preparedQuery((db) =>
      kind === 'sqlite' && !whole
        ? // The narrow index of migration 0009, named: see there why.
          sql<StockRow>`select id, count_in_stock, (${setting(db, 'catalog_version')}) as version,
            (${cartLines(db)}) as cart_lines
            from products indexed by products_id_stock where id in (${sql.join(ids)})`
        : db
            .selectFrom('products')
            .select(whole ? productColumns : ['id', 'count_in_stock'])
            .select(setting(db, 'catalog_version').as('version'))
            .select(cartLines(db).as('cart_lines'))
            .where('id', 'in', ids),
    );
    byIdQueries.set(key, prepared);
  }
  return prepared(db) as (...parameters: unknown[]) => Promise<Row[]>;
}

/** These products' rows, or only their stock, with the catalog version and the cart line count. */
async function readById<Row extends { id: string; version: string | null; cart_lines: number | null }>(
  db: Db,
  kind: DbKind,
  ids: string[],
  userId: string,
  whole: boolean,
) {
  const rows = ids.length
    ? await byIdQuery<Row>(db, kind, ids.length, whole)('catalog_version', userId, ...ids)
    : [];
  const [first] = rows;
  return {
    catalogVersion: first?.version ?? (await readVersions(db)).catalog,
    cartLines: first ? Number(first.cart_lines ?? 0) : await countCartLines(db, userId),
    rows: new Map(rows.map((row) => [row.id, row])),
  };
}

/**
 * The current stock of these products, with the catalog version and the
 * shopper's cart line count in the same trip to the database (on PostgreSQL
 * a trip is the larger part of the cost).
 */
export async function readStock(db: Db, kind: DbKind, ids: string[], userId: string) {
  const { rows, ...rest } = await readById<StockRow>(db, kind, ids, userId, false);
  return { ...rest, stock: new Map([...rows].map(([id, row]) => [id, row.count_in_stock])) };
}

/** `readStock`, with the products' whole rows (a page found in the search index). */
export async function readProducts(db: Db, kind: DbKind, ids: string[], userId: string) {
  return readById<ProductRowWithVersions>(db, kind, ids, userId, true);
}
