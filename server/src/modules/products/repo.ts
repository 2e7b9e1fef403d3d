import type { Review } from '@shop/shared';
import type { Selectable } from 'kysely';
import type { ReviewsTable } from '../../db/schema.js';

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
