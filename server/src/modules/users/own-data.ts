import type { Order } from '@shop/shared';
import type { AppContext } from '../../context.js';
import { toOrders } from '../orders/repo.js';

/**
 * Everything the shop keeps about one customer that is theirs to take away (DPDP Act, 2023):
 * profile, orders, reviews and cart, as JSON. Security records (session and reset hashes) are
 * not theirs to read back and are left out.
 */
export async function ownData(ctx: AppContext, userId: string) {
  const { db } = ctx;
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'is_admin', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const orderRows = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const orders: Order[] = await toOrders(db, orderRows);
  const reviews = await db
    .selectFrom('reviews')
    .leftJoin('products', 'products.id', 'reviews.product_id')
    .select([
      'reviews.product_id',
      'products.name as product_name',
      'reviews.user_name',
      'reviews.rating',
      'reviews.comment',
      'reviews.created_at',
      'reviews.updated_at',
    ])
    .where('reviews.user_id', '=', userId)
    .orderBy('reviews.created_at')
    .execute();
  const cart = await db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select(['cart_lines.product_id', 'products.name', 'cart_lines.quantity', 'cart_lines.added_at'])
    .where('cart_lines.user_id', '=', userId)
    .orderBy('cart_lines.added_at')
    .execute();
  return {
    exportedAt: ctx.clock.now().toISOString(),
    profile: {
      _id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: user.is_admin === 1,
      registeredAt: user.created_at,
    },
    orders,
    reviews: reviews.map((r) => ({
      productId: r.product_id,
      productName: r.product_name,
      name: r.user_name,
      rating: Number(r.rating),
      comment: r.comment,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
    cart: cart.map((l) => ({
      productId: l.product_id,
      name: l.name,
      quantity: l.quantity,
      addedAt: l.added_at,
    })),
  };
}
