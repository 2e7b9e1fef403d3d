import { MAX_CART_LINES, messages } from '@shop/shared';
import { sql } from 'kysely';
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
    // As the cart shows it (load-cart.ts): the shopper's own unpaid hold counts as there.
    .select(
      sql<number | string>`coalesce((select sum(checkout_lines.quantity) from checkout_lines
        join checkouts on checkouts.id = checkout_lines.checkout_id
        where checkouts.user_id = ${userId} and checkouts.status = 'pending'
          and checkout_lines.product_id = products.id), 0)`.as('held'),
    )
    .where('id', '=', productId)
    .executeTakeFirst();
  invariant(product, 404, messages.productNotFound);
  const stock = product.count_in_stock + Number(product.held);
  if (quantity > stock) throw new HttpError(409, messages.onlyInStock(product.name, stock));
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
  await ensureRoomFor(ctx, userId, productId);
  await ctx.db
    .insertInto('cart_lines')
    .values({ user_id: userId, product_id: productId, quantity, added_at: await nextAddedAt(ctx, userId) })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ quantity }))
    .execute();
}

/**
 * A product not yet in the cart needs a free line: 409 once the cart holds
 * MAX_CART_LINES products. Two saves at once may both see the last free line
 * and pass it by one; the checkout refuses such a cart with the same message
 * (checkout/reserve.ts), so the bound on what a checkout writes still holds.
 */
async function ensureRoomFor(ctx: AppContext, userId: string, productId: string): Promise<void> {
  const { lines, here } = await ctx.db
    .selectFrom('cart_lines')
    .select((eb) => [
      eb.fn.countAll().as('lines'),
      eb.fn.count(eb.case().when('product_id', '=', productId).then(1).end()).as('here'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(here) === 0 && Number(lines) >= MAX_CART_LINES) {
    throw new HttpError(409, messages.cartFull(MAX_CART_LINES));
  }
}

/**
 * Lines are listed (and `index` counts) in the order added. Two saves in the
 * same millisecond would tie and fall back to product id order, so a new line
 * is stamped at least a millisecond after the user's latest one.
 */
async function nextAddedAt(ctx: AppContext, userId: string): Promise<string> {
  const { latest } = await ctx.db
    .selectFrom('cart_lines')
    .select((eb) => eb.fn.max('added_at').as('latest'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const now = ctx.clock.now().getTime();
  const after = latest ? Date.parse(latest) + 1 : now;
  return new Date(Math.max(now, after)).toISOString();
}
