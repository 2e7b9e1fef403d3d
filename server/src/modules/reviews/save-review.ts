import type { reviewInputSchema } from '@shop/shared';
import { messages } from '@shop/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { invariant } from '../../lib/http-errors.js';
import { newId } from '../../lib/tokens.js';
import type { SessionUser } from '../sessions/store.js';
import { recomputeRatings } from './rating.js';

/**
 * Creates the user's one review of a product, or replaces it, and recomputes
 * the product's rating (verified reviews only, rating.ts) in the same transaction. The product row is locked
 * first (PostgreSQL; SQLite runs one writer at a time), so concurrent reviews
 * of one product each see the others when recomputing.
 */
export async function saveReview(
  ctx: AppContext,
  author: SessionUser,
  input: z.output<typeof reviewInputSchema>,
): Promise<'created' | 'updated'> {
  // The schema lets any text through, but PostgreSQL cannot store NUL: refuse it alike on both.
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    let lookup = trx.selectFrom('products').select('id').where('id', '=', input.productId);
    if (ctx.dbKind === 'postgres') lookup = lookup.forUpdate();
    invariant(await lookup.executeTakeFirst(), 404, messages.productNotFound);

    const existing = await trx
      .selectFrom('reviews')
      .select('id')
      .where('product_id', '=', input.productId)
      .where('user_id', '=', author.id)
      .executeTakeFirst();
    const fields = { user_name: author.name, rating: input.rating, comment: input.comment, updated_at: now };
    // The unique constraint is the last word: a racing insert becomes an update.
    await trx
      .insertInto('reviews')
      .values({ id: newId(), product_id: input.productId, user_id: author.id, created_at: now, ...fields })
      .onConflict((oc) => oc.columns(['product_id', 'user_id']).doUpdateSet(fields))
      .execute();

    await recomputeRatings(trx, [input.productId]);
    return existing ? 'updated' : 'created';
  });
}
