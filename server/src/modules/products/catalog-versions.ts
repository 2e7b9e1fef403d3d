import { sql } from 'kysely';
import { anyOf, createBatcher, keysParameter } from '../../db/batch.js';
import { perDb, preparedQuery } from '../../db/compile-once.js';
import { kindOf, type Db, type DbKind } from '../../db/index.js';

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

/** The catalog and stock versions alone (a product page shows no cart count), in one read. */
export async function readVersions(db: Db): Promise<Versions> {
  const { catalog, stock } = await readTogether(db)({});
  return { catalog, stock };
}

/**
 * The catalog and stock versions and the shopper's cart line count, in one
 * read: what every catalog answer needs before it knows whether to read products.
 */
export async function readVersionsAndCart(db: Db, userId: string): Promise<Versions & { cartLines: number }> {
  return readTogether(db)({ userId });
}

/**
 * The version reads of shoppers asking at once go in one statement (db/batch.ts),
 * so one snapshot: the catalog and stock versions and each shopper's cart line
 * count, told apart by `kind`.
 */
const togetherQuery = preparedQuery((db) => {
  const kind = kindOf(db);
  const stockVersion =
    kind === 'postgres'
      ? postgresStockVersion
      : sql<string>`(select value from app_settings where key = 'stock_version')`;
  return sql<{ kind: 'cart' | 'version' | 'stock_version'; id: string; count: string | number | null }>`
    select 'cart' as kind, user_id as id, count(*) as count from cart_lines where ${anyOf('user_id', kind)} group by user_id
    union all
    select 'version', value, null from app_settings where key = 'catalog_version'
    union all
    select 'stock_version', ${stockVersion}, null`;
});

/** `userId`: whose cart lines to count; none, no count (`cartLines` is then 0). */
const readTogether = perDb((db) =>
  createBatcher(async (requests: { userId?: string }[]) => {
    const users = [...new Set(requests.flatMap((r) => (r.userId === undefined ? [] : [r.userId])))];
    const lines = new Map<string, number>();
    let catalog = '';
    let stock: string | null = null;
    for (const row of await togetherQuery(db)(keysParameter(users, kindOf(db)))) {
      if (row.kind === 'cart') lines.set(row.id, Number(row.count));
      else if (row.kind === 'version') catalog = row.id;
      else stock = row.id;
    }
    return requests.map(({ userId }) => ({
      catalog,
      stock,
      cartLines: (userId !== undefined && lines.get(userId)) || 0,
    }));
  }),
);
