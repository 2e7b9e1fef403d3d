import {
  defaultThresholdInputSchema,
  errorSchema,
  lowStockSchema,
  messages,
  overviewMessages,
  overviewSchema,
  productThresholdInputSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isLookupableId } from '../../db/index.js';
import { invariant } from '../../lib/http-errors.js';
import { recordAudit } from '../admin/audit.js';
import { guardAdminRoutes, requireAdmin } from '../admin/require-admin.js';
import { writeSetting } from '../settings/settings.js';
import { lowStockList, setProductThreshold } from './low-stock.js';
import { overview } from './sales.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['admin'];
const saved = z.object({ message: z.string() });

export function overviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    app.get(
      '/api/admin/overview',
      {
        schema: {
          tags,
          summary:
            'Revenue, paid orders and refunds per day (30) and month (12), and the top products, in INR',
          response: { 200: overviewSchema, ...errors },
        },
      },
      async () => overview(ctx),
    );

    app.get(
      '/api/admin/low-stock',
      {
        schema: {
          tags,
          summary: 'Products at or below their low-stock threshold, and the default threshold',
          response: { 200: lowStockSchema, ...errors },
        },
      },
      async () => lowStockList(ctx),
    );

    app.put(
      '/api/admin/settings/low-stock-threshold',
      {
        schema: {
          tags,
          summary: 'Set the low-stock threshold of products without their own',
          body: defaultThresholdInputSchema,
          response: { 200: saved, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const now = ctx.clock.now().toISOString();
        await ctx.db.transaction().execute(async (trx) => {
          await writeSetting(trx, 'low_stock_threshold', request.body.threshold);
          await recordAudit(trx, admin, now, {
            action: 'settings.low-stock-threshold',
            targetType: 'product',
            targetId: '*',
            details: { threshold: request.body.threshold },
          });
        });
        return { message: overviewMessages.thresholdSaved };
      },
    );

    app.put(
      '/api/admin/products/:id/low-stock-threshold',
      {
        schema: {
          tags,
          summary: "Set a product's own low-stock threshold (null: the default)",
          params: z.object({ id: z.string() }),
          body: productThresholdInputSchema,
          response: { 200: saved, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const { id } = request.params;
        invariant(isLookupableId(id), 404, messages.productNotFound);
        const now = ctx.clock.now().toISOString();
        await ctx.db.transaction().execute(async (trx) => {
          const product = await trx
            .selectFrom('products')
            .select('id')
            .where('id', '=', id)
            .executeTakeFirst();
          invariant(product, 404, messages.productNotFound);
          await setProductThreshold(trx, id, request.body.threshold);
          await recordAudit(trx, admin, now, {
            action: 'product.low-stock-threshold',
            targetType: 'product',
            targetId: id,
            details: { threshold: request.body.threshold },
          });
        });
        return { message: overviewMessages.thresholdSaved };
      },
    );
  };
}
