import { CATEGORIES, paiseToRupees, type Category, type Product, type Review } from '@shop/shared';
import type { Selectable } from 'kysely';
import type { ProductsTable, ReviewsTable } from '../../db/schema.js';

export const productColumns = [
  'id',
  'name',
  'category',
  'price_paise',
  'count_in_stock',
  'image',
  'description',
  'rating',
  'num_reviews',
] as const;

export type ProductRow = Pick<Selectable<ProductsTable>, (typeof productColumns)[number]>;

const CATEGORY_NAMES = new Map<string, Category>(CATEGORIES.map((category) => [category, category]));

/**
 * The shared constant for a row's category, not the row's own copy of the
 * name: the search index holds a hundred thousand rows while it builds
 * (search-index.ts), and cached pages their products (list-cache.ts).
 */
export function sharedCategory(name: string): Category {
  return CATEGORY_NAMES.get(name) ?? (name as Category);
}

/**
 * The one place product rows become API shapes: `_id`, rupees, the spec's names.
 * `id` may be an equal string already held (the search index's), so it is kept once.
 */
export function toProduct(row: ProductRow, id: string = row.id): Product {
  return {
    _id: id,
    name: row.name,
    category: sharedCategory(row.category),
    price: paiseToRupees(Number(row.price_paise)),
    countInStock: row.count_in_stock,
    image: row.image,
    description: row.description,
    rating: Math.round(Number(row.rating) * 100) / 100,
    numReviews: row.num_reviews,
  };
}

export function toReview(
  row: Pick<
    Selectable<ReviewsTable>,
    'user_id' | 'user_name' | 'rating' | 'comment' | 'created_at' | 'updated_at'
  > & { verified: boolean | number },
): Review {
  return {
    userId: row.user_id,
    name: row.user_name,
    rating: Number(row.rating),
    comment: row.comment,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
    verifiedPurchase: Boolean(row.verified),
  };
}

/** LIKE pattern for "contains", with the user's %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
