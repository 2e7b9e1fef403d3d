import { CATEGORIES, paiseToRupees, rupeesToPaise, type Category, type Product } from '@shop/shared';
import type { Insertable, Selectable } from 'kysely';
import type { ProductsTable } from '../../db/schema.js';

/**
 * THE list of what a product shows: each field of the API's `Product` and the
 * `products` column it is stored in. Everything that reads or remembers a
 * product follows it: the columns read (catalog, product page, cart, admin),
 * the API mapping below, and the triggers that move the catalog version when
 * a shown column changes (catalog-triggers.ts), which every cached page and
 * the search index are checked against. `satisfies` makes a field of the
 * shared schema without its column a type error. Adding a field:
 * docs/architecture.md, "Adding a product field".
 */
export const PRODUCT_FIELDS = {
  _id: 'id',
  name: 'name',
  category: 'category',
  price: 'price_paise',
  countInStock: 'count_in_stock',
  image: 'image',
  description: 'description',
  rating: 'rating',
  numReviews: 'num_reviews',
  hsnCode: 'hsn_code',
  gstRate: 'gst_rate',
} as const satisfies Record<keyof Product, keyof ProductsTable>;

type Column = (typeof PRODUCT_FIELDS)[keyof Product];
export type ProductRow = Pick<Selectable<ProductsTable>, Column>;

/** The stock column: it changes with every sale, so it moves the stock version, not the catalog's. */
export const STOCK_COLUMN = PRODUCT_FIELDS.countInStock;

/** Every column a product shows, as the queries select them. */
export const productColumns = Object.values(PRODUCT_FIELDS) as Column[];

/**
 * Columns stored beside the shown ones that are not shown themselves; the
 * field test (test/catalog/product-fields.test.ts) checks that every column
 * of `products` is in one list or the other.
 */
export const UNSHOWN_COLUMNS = ['name_search', 'created_at'] as const;

/** The fields a search matches, their text kept lower-cased in SEARCHED_COLUMN. */
export const SEARCHED_FIELDS = ['name'] as const satisfies readonly (keyof Product)[];

/**
 * The column searches match: the searched fields' text, lower-cased, read by
 * the database's trigram indexes (migration 0007) and the search index.
 */
export const SEARCHED_COLUMN = 'name_search' satisfies (typeof UNSHOWN_COLUMNS)[number];

/** Columns whose change moves the catalog version: every shown one but the stock, and the searched one. */
export const catalogVersionColumns: (keyof ProductsTable)[] = [
  ...productColumns.filter((column) => column !== STOCK_COLUMN),
  SEARCHED_COLUMN,
];

/** How a stored value becomes the API's, for the fields not shown as stored. */
const shownAs: {
  [Field in keyof Product]?: (value: ProductRow[(typeof PRODUCT_FIELDS)[Field]]) => Product[Field];
} = {
  category: (name) => sharedCategory(name),
  price: (paise) => paiseToRupees(Number(paise)),
  rating: (rating) => Math.round(Number(rating) * 100) / 100,
};

const CATEGORY_NAMES = new Map<string, Category>(CATEGORIES.map((category) => [category, category]));

/** The shared constant for a row's category, not the row's own copy of the name. */
export function sharedCategory(name: string): Category {
  return CATEGORY_NAMES.get(name) ?? (name as Category);
}

const fieldEntries = Object.entries(PRODUCT_FIELDS) as [keyof Product, Column][];

/** The one place a product row becomes the API's shape: `_id`, rupees, the spec's names. */
export function toProduct(row: ProductRow): Product {
  const product: Record<string, unknown> = {};
  for (const [field, column] of fieldEntries) {
    const show = shownAs[field] as ((value: unknown) => unknown) | undefined;
    product[field] = show ? show(row[column]) : row[column];
  }
  return product as Product;
}

/** How an API value is stored, for the fields not stored as shown. */
const storedAs: { [Field in keyof Product]?: (value: Product[Field]) => unknown } = {
  price: (rupees) => rupeesToPaise(rupees),
};

/**
 * The columns for the fields an admin's form sends (any of the shown ones),
 * stored as the field list says. With any searched field, the searched text
 * too, from every searched field: those the input leaves out as `stored` (the
 * product before an edit) has them.
 */
export function columnsOf(input: Partial<Product>, stored?: Product): Partial<Insertable<ProductsTable>> {
  const row: Record<string, unknown> = {};
  for (const [field, column] of fieldEntries) {
    const value = input[field];
    if (value === undefined) continue;
    const store = storedAs[field] as ((value: unknown) => unknown) | undefined;
    row[column] = store ? store(value) : value;
  }
  if (SEARCHED_FIELDS.some((field) => input[field] !== undefined))
    row[SEARCHED_COLUMN] = searchedText(
      Object.fromEntries(
        SEARCHED_FIELDS.map((field) => [field, input[field] !== undefined ? input[field] : stored?.[field]]),
      ),
    );
  return row as Partial<Insertable<ProductsTable>>;
}

/** What SEARCHED_COLUMN holds for a product with these fields. */
export function searchedText(product: Partial<Product>): string {
  return SEARCHED_FIELDS.map((field) => product[field] ?? '')
    .filter((text) => text !== '')
    .join(' ')
    .toLowerCase();
}
