import { bareMessageSchema, errorSchema, messages, reviewInputSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { sendMessage } from '../../lib/http-errors.js';
import { requireUser } from '../sessions/plugin.js';
import { saveReview } from './save-review.js';

export function reviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/user/review',
      {
        schema: {
          tags: ['catalog'],
          summary: "Create or replace the session user's review of a product",
          body: reviewInputSchema,
          response: {
            200: bareMessageSchema,
            201: bareMessageSchema,
            400: errorSchema,
            401: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const author = requireUser(request);
        const result = await saveReview(ctx, author, request.body);
        return result === 'created'
          ? sendMessage(reply, 201, messages.reviewAdded)
          : sendMessage(reply, 200, messages.reviewUpdated);
      },
    );
  };
}
