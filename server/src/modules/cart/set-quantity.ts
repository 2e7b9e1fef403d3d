import { messages } from '@shop/shared';
import type { AppContext } from '../../context.js';
import { HttpError, invariant } from '../../lib/http-errors.js';

type Mode = 'add-or-set' | 'set-existing';

/**
 * Puts `quantity` of a product in the user's cart. Only the product id comes
 * from the client: price, name and the rest are always read from the database.
 * The quantity must be covered by the stock now (409 naming the product).
 */
export async function setCartQuantity(
  ctx: AppContext,
  userId: string,
  productId: string,
  quantity: number,
  mode: Mode,
): Promise<void> {
  const product = await ctx.db
    .selectFrom('products')
    .select(['name', 'count_in_stock'])
    .where('id', '=', productId)
    .executeTakeFirst();
  invariant(product, 404, messages.productNotFound);
  if (quantity > product.count_in_stock) {
    throw new HttpError(409, messages.onlyInStock(product.name, product.count_in_stock));
  }
  if (mode === 'set-existing') {
    const updated = await ctx.db
      .updateTable('cart_lines')
      .set({ quantity })
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    invariant(Number(updated.numUpdatedRows) === 1, 404, messages.notInCart);
    return;
  }
  await ctx.db
    .insertInto('cart_lines')
    .values({ user_id: userId, product_id: productId, quantity, added_at: ctx.clock.now().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ quantity }))
    .execute();
}
