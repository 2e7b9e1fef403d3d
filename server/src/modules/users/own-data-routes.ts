import { deleteAccountSchema, errorSchema, messageSchema, ownMessages } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireUser } from '../sessions/plugin.js';
import { deleteOwnAccount } from './delete-account.js';
import { ownData } from './own-data.js';
import { limitAuthByAddress, limitPasswordAttempts } from './rate-limits.js';

const tags = ['accounts'];

/** A customer's own data (DPDP Act, 2023): download it, or delete the account. */
export function ownDataRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Without a session, 401 before the body is read or checked.
    app.addHook('onRequest', async (request) => {
      requireUser(request);
    });
    app.get(
      '/api/user/export',
      {
        schema: {
          tags,
          summary: "The session user's profile, orders, reviews and cart as a JSON file",
          response: {
            200: z.record(z.string(), z.unknown()).describe('profile, orders, reviews, cart'),
            401: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const data = await ownData(ctx, user.id);
        return reply
          .header('content-disposition', 'attachment; filename="my-shop-data.json"')
          .header('cache-control', 'no-store')
          .send(data);
      },
    );

    app.post(
      '/api/user/delete',
      {
        // A password and nothing else, checked (argon2) before any session exists to spend it on.
        bodyLimit: 8 * 1024,
        schema: {
          tags,
          summary:
            'Delete your account with your current password: sessions, cart and reset links go; orders and reviews stay anonymised',
          body: deleteAccountSchema,
          response: {
            200: messageSchema,
            400: errorSchema,
            401: errorSchema,
            409: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await limitAuthByAddress(ctx, request);
        await limitPasswordAttempts(ctx, user.id);
        await deleteOwnAccount(ctx, user.id, request.body.password);
        await ctx.sessions.end(request, reply);
        return { message: ownMessages.accountDeleted };
      },
    );
  };
}
