import { dataMessageSchema, errorSchema, messages, reviewInputSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
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
            200: dataMessageSchema,
            201: dataMessageSchema,
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
          ? reply.code(201).send({ data: messages.reviewAdded })
          : reply.code(200).send({ data: messages.reviewUpdated });
      },
    );
  };
}
