import {
  errorSchema,
  importReportSchema,
  MAX_IMPORT_BYTES,
  orderExportQuerySchema,
  overviewMessages,
  productImportInputSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { invariant } from '../../lib/http-errors.js';
import { guardAdminRoutes, requireAdmin } from '../admin/require-admin.js';
import { sendCsv } from './cells.js';
import { ORDER_COLUMNS, orderRecords } from './export-orders.js';
import { PRODUCT_FILE_COLUMNS, productRecords } from './export-products.js';
import { importProducts } from './import-products.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['admin'];

export function csvRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    app.get(
      '/api/admin/export/orders.csv',
      {
        schema: {
          tags,
          summary: 'The orders placed from one shop day to another, one row per order line, as CSV (UTF-8)',
          querystring: orderExportQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        return sendCsv(
          reply,
          ctx.log,
          `orders-${from}-to-${to}.csv`,
          ORDER_COLUMNS,
          orderRecords(ctx, from, to),
        );
      },
    );

    app.get(
      '/api/admin/export/products.csv',
      {
        schema: {
          tags,
          summary: 'Every product as CSV (UTF-8), in the columns the import reads',
          response: errors,
        },
      },
      async (_request, reply) =>
        sendCsv(reply, ctx.log, 'products.csv', PRODUCT_FILE_COLUMNS, productRecords(ctx)),
    );

    app.post(
      '/api/admin/import/products',
      {
        // The CSV travels as a JSON string: escaping can double its size.
        bodyLimit: 2 * MAX_IMPORT_BYTES + 1024,
        schema: {
          tags,
          summary:
            'Create (no id) and update (by id) products from CSV. A dry run writes nothing and lists every change and rejected row; a real one writes every row in one transaction, or none (422) if any row is rejected',
          body: productImportInputSchema,
          response: { 200: importReportSchema, 422: errorSchema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const report = await importProducts(ctx, admin, request.body.csv, request.body.dryRun);
        invariant(report.dryRun || report.written, 422, overviewMessages.importRejected);
        return report;
      },
    );
  };
}
