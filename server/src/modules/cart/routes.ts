import {
  cartLineSchema,
  cartSchema,
  errorSchema,
  messages,
  removeCartLineSchema,
  saveCartSchema,
  updateQuantitySchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { invariant } from '../../lib/http-errors.js';
import { requireSession, requireUser } from '../sessions/plugin.js';
import { loadCart } from './load-cart.js';
import { setCartQuantity } from './set-quantity.js';

const tags = ['cart'];
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

export function cartRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/getCart',
      {
        schema: {
          tags,
          summary: "The session user's cart, priced now",
          response: { 200: cartSchema, 401: errorSchema },
        },
      },
      async (request) => loadCart(ctx.db, requireUser(request).id),
    );

    app.post(
      '/api/saveCart',
      {
        onRequest: requireSession,
        schema: {
          tags,
          summary: 'Add a product to the cart, or set the quantity of its line',
          body: saveCartSchema,
          response: { 200: cartSchema.extend({ message: z.string() }), ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await setCartQuantity(ctx, user.id, request.body.item._id, request.body.quantity, 'add-or-set');
        return { ...(await loadCart(ctx.db, user.id)), message: messages.cartSaved };
      },
    );

    app.patch(
      '/api/updateQuantity',
      {
        schema: {
          tags,
          summary: 'Set the quantity of a line already in the cart',
          body: updateQuantitySchema,
          response: { 200: cartSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await setCartQuantity(ctx, user.id, request.body.id, request.body.quantity, 'set-existing');
        return loadCart(ctx.db, user.id);
      },
    );

    app.patch(
      '/api/cart/update',
      {
        schema: {
          tags,
          summary: 'Remove the cart line at `index`; answers the remaining lines',
          body: removeCartLineSchema,
          response: { 200: z.array(cartLineSchema), ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { cartProducts } = await loadCart(ctx.db, user.id);
        const line = cartProducts[request.body.index];
        invariant(line, 404, messages.invalidCartIndex);
        await ctx.db
          .deleteFrom('cart_lines')
          .where('user_id', '=', user.id)
          .where('product_id', '=', line.product._id)
          .execute();
        return (await loadCart(ctx.db, user.id)).cartProducts;
      },
    );
  };
}
