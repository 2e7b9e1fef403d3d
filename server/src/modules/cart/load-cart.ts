import { messages, paiseToRupees, type CartLine } from '@shop/shared';
import { sql } from 'kysely';
import { anyOf, createKeyedBatcher } from '../../db/batch.js';
import { perDb, preparedQuery } from '../../db/compile-once.js';
import { kindOf, type Db } from '../../db/index.js';
import { productColumns, toProduct } from '../products/product-fields.js';

const cartRows = (db: Db) =>
  db
    .selectFrom('cart_lines')
    .innerJoin('products', 'products.id', 'cart_lines.product_id')
    .select(productColumns.map((c) => `products.${c}` as const))
    .select(['cart_lines.quantity', 'cart_lines.user_id'])
    // The shopper's own unpaid hold of the product is theirs: a new checkout gives it back first.
    .select(
      sql<number | string>`coalesce((select sum(checkout_lines.quantity) from checkout_lines
        join checkouts on checkouts.id = checkout_lines.checkout_id
        where checkouts.user_id = cart_lines.user_id and checkouts.status = 'pending'
          and checkout_lines.product_id = cart_lines.product_id), 0)`.as('held'),
    )
    .orderBy('cart_lines.added_at')
    .orderBy('cart_lines.product_id');

type CartRow = Awaited<ReturnType<ReturnType<typeof cartRows>['execute']>>[number];

const oneCart = preparedQuery((db) => cartRows(db).where('cart_lines.user_id', '=', ''));
const cartsTogether = preparedQuery((db) => cartRows(db).where(anyOf('cart_lines.user_id')));

/**
 * A shopper's cart lines. On PostgreSQL the carts asked at once share one
 * trip (db/batch.ts); on SQLite each cart is read alone.
 */
const cartLinesOf = perDb((db): ((userId: string) => Promise<CartRow[]>) =>
  kindOf(db) === 'postgres'
    ? createKeyedBatcher(
        (users) => cartsTogether(db)(users),
        (row) => row.user_id,
      )
    : (id) => oneCart(db)(id),
);

/**
 * The user's cart as it is now: each line with the current product, in the
 * order the lines were added (the order `index` refers to). A line is
 * unavailable when the stock no longer covers its quantity. Stock the shopper
 * holds for an unpaid checkout counts as there for them: an abandoned card
 * window must not leave their own item out of stock in their cart.
 */
export async function loadCart(db: Db, userId: string): Promise<{ cartProducts: CartLine[]; total: number }> {
  const rows = await cartLinesOf(db)(userId);
  let totalPaise = 0;
  const cartProducts = rows.map((row): CartLine => {
    const stock = row.count_in_stock + Number(row.held);
    const product = toProduct({ ...row, count_in_stock: stock });
    const available = stock >= row.quantity;
    if (available) totalPaise += Number(row.price_paise) * row.quantity;
    return available
      ? { product, quantity: row.quantity, available }
      : {
          product,
          quantity: row.quantity,
          available,
          problem: messages.onlyInStock(row.name, stock),
        };
  });
  return { cartProducts, total: paiseToRupees(totalPaise) };
}
