import { MAX_CART_LINES, messages, type Shipping } from '@shop/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { HttpError, invariant } from '../../lib/http-errors.js';
import { newId } from '../../lib/tokens.js';
import { holdUntil } from './hold-limits.js';
import { giveBack, markReleased, releaseCheckout } from './release.js';

/**
 * Turns the user's stored cart into a pending checkout in one transaction:
 * stock is reserved by conditional decrements (lines in product id order, so
 * two checkouts never wait on each other in a cycle), and the total comes from
 * the prices of the rows just locked. Whatever the client said costs nothing.
 */
export async function reserveCheckout(
  ctx: AppContext,
  userId: string,
  shipping: Shipping | undefined,
  provider: 'razorpay' | 'test',
  clientAddress: string,
): Promise<{ checkoutId: string; amountPaise: number; expiresAt: Date }> {
  // A retried checkout must not hold the stock twice: give back the earlier one
  // first, and at once (committed even if this one is then refused). The new
  // hold ends no later than the one it replaces.
  const earlier = await ctx.db
    .selectFrom('checkouts')
    .select(['id', 'expires_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
  for (const { id } of earlier) await releaseCheckout(ctx, id);

  const clock = ctx.clock.now();
  const now = clock.toISOString();
  const stillRunning = earlier.map((c) => c.expires_at).filter((end) => end > now);
  const checkoutId = newId();
  return ctx.db.transaction().execute(async (trx) => {
    // Calls at once (a double click) all get past the release above. The user's
    // row lock makes them take turns (SQLite has one writer anyway), and each
    // gives back the hold of the one before it, so the stock is held once.
    if (ctx.dbKind === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    }
    const racing = await trx
      .selectFrom('checkouts')
      .select(['id', 'expires_at'])
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
    const toGiveBack = new Map<string, number>();
    for (const { id, expires_at } of racing) {
      if (expires_at > now) stillRunning.push(expires_at);
      for (const line of (await markReleased(trx, id, now)) ?? []) {
        toGiveBack.set(line.product_id, (toGiveBack.get(line.product_id) ?? 0) + line.quantity);
      }
    }

    const cart = await trx
      .selectFrom('cart_lines')
      .select(['product_id', 'quantity'])
      .where('user_id', '=', userId)
      .orderBy('product_id')
      .execute();
    invariant(cart.length > 0, 400, messages.cartEmpty);
    // A cart from before the bound, or one that raced past it: refused before any stock is taken.
    invariant(cart.length <= MAX_CART_LINES, 409, messages.cartFull(MAX_CART_LINES));
    const expiresAt = await holdUntil(trx, ctx.dbKind, ctx.config, {
      userId,
      address: clientAddress,
      units: cart.reduce((sum, line) => sum + line.quantity, 0),
      now: clock,
      replacedUntil: stillRunning.length > 0 ? new Date(stillRunning.sort()[0]!) : undefined,
    });

    // Every product row is touched in one id order (give back, then take), so
    // two checkouts never lock rows in a cycle.
    const wanted = new Map(cart.map((line) => [line.product_id, line.quantity]));
    const lines = [];
    for (const product_id of [...new Set([...toGiveBack.keys(), ...wanted.keys()])].sort()) {
      const back = toGiveBack.get(product_id);
      if (back) await giveBack(trx, product_id, back);
      const quantity = wanted.get(product_id);
      if (quantity === undefined) continue;
      const reserved = await trx
        .updateTable('products')
        .set({ count_in_stock: sql<number>`count_in_stock - ${quantity}` })
        .where('id', '=', product_id)
        .where('count_in_stock', '>=', quantity)
        .returning(['name', 'image', 'price_paise'])
        .executeTakeFirst();
      if (!reserved) {
        const product = await trx
          .selectFrom('products')
          .select(['name', 'count_in_stock'])
          .where('id', '=', product_id)
          .executeTakeFirst();
        throw new HttpError(
          409,
          product ? messages.onlyInStock(product.name, product.count_in_stock) : messages.productUnavailable,
        );
      }
      lines.push({
        checkout_id: checkoutId,
        product_id,
        quantity,
        ...reserved,
        price_paise: Number(reserved.price_paise),
      });
    }

    const amountPaise = lines.reduce((sum, l) => sum + l.price_paise * l.quantity, 0);
    await trx
      .insertInto('checkouts')
      .values({
        id: checkoutId,
        user_id: userId,
        status: 'pending',
        provider,
        provider_order_id: null,
        amount_paise: amountPaise,
        currency: 'INR',
        shipping: JSON.stringify(shipping ?? null),
        payment_id: null,
        created_at: now,
        expires_at: expiresAt.toISOString(),
        closed_at: null,
        client_address: clientAddress,
      })
      .execute();
    await trx.insertInto('checkout_lines').values(lines).execute();
    return { checkoutId, amountPaise, expiresAt };
  });
}
