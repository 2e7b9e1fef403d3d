import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@shop/shared';
import type { AppContext } from '../../context.js';

const status = z.object({ status: z.string() });

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      { schema: { tags: ['operations'], summary: 'The process is up', response: { 200: status } } },
      async () => ({ status: 'ok' }),
    );

    app.get(
      '/readyz',
      {
        schema: {
          tags: ['operations'],
          summary: 'The database answers',
          response: { 200: status, 503: z.object({ status: z.string(), message: z.string() }) },
        },
      },
      async (request, reply) => {
        try {
          await sql`select 1`.execute(ctx.db);
          return { status: 'ready' };
        } catch (error) {
          request.log.warn({ err: error }, 'readiness check failed');
          return reply.code(503).send({ status: 'unavailable', message: messages.databaseUnavailable });
        }
      },
    );
  };
}
