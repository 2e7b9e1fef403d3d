import {
  errorSchema,
  gstMessages,
  gstReportQuerySchema,
  gstSettingsSchema,
  messages,
  type GstSettings,
} from '@shop/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isLookupableId } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { invariant } from '../../lib/http-errors.js';
import { recordAudit } from '../admin/audit.js';
import { guardAdminRoutes, requireAdmin } from '../admin/require-admin.js';
import { requireUser } from '../sessions/plugin.js';
import { creditNoteSubject } from './credit-note.js';
import { loadTaxDocument } from './document.js';
import { renderTaxDocument } from './pdf.js';
import { gstReport } from './report.js';
import { readGstSettings, writeGstSettings } from './settings.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const params = z.object({ id: z.string() });
const DOCUMENTS = ['invoice', 'credit-note'] as const;
/** `?n=2` picks an order's second credit note (one per refund); left out, the first. */
const documentQuery = z.object({
  n: z.coerce.number({ error: gstMessages.documentNumberInvalid }).int().min(1).max(1000).optional(),
});

/**
 * The PDF of an order's invoice or nth credit note, by the order's id; `owner`
 * limits it to one account's orders.
 */
async function sendDocument(
  ctx: AppContext,
  reply: FastifyReply,
  orderId: string,
  document: (typeof DOCUMENTS)[number],
  n: number,
  owner?: string,
) {
  invariant(isLookupableId(orderId), 404, messages.orderNotFound);
  let find = ctx.db.selectFrom('orders').select(['id', 'checkout_id']).where('id', '=', orderId);
  if (owner !== undefined) find = find.where('user_id', '=', owner);
  const order = await find.executeTakeFirst();
  invariant(order, 404, messages.orderNotFound);
  const subject = document === 'invoice' ? `invoice:${order.checkout_id}` : creditNoteSubject(order.id, n);
  const id = await documentId(ctx.db, subject);
  invariant(id, 404, document === 'invoice' ? gstMessages.invoiceNotFound : gstMessages.creditNoteNotFound);
  const { filename, content } = await taxDocumentFile(ctx.db, id);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(content);
}

async function documentId(db: Kysely<Database>, subject: string) {
  const row = await db
    .selectFrom('tax_documents')
    .select('id')
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.id;
}

/** A document's PDF and its file name ("Invoice-INV-2627-00001.pdf"), for a download or a mail. */
export async function taxDocumentFile(db: Kysely<Database>, id: string) {
  const view = await loadTaxDocument(db, id);
  if (!view) throw new Error(`no tax document ${id}`);
  const name = `${view.kind === 'invoice' ? 'Invoice' : 'Credit-note'}-${view.number.replace(/\//g, '-')}.pdf`;
  return { filename: name, content: await renderTaxDocument(view), contentType: 'application/pdf' };
}

/** The customer's own tax documents, linked from the order summary. */
export function taxDocumentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const document of DOCUMENTS) {
      app.get(
        `/api/user/orders/:id/${document}.pdf`,
        {
          schema: {
            tags: ['orders'],
            summary: `The ${document} of one of the session user's orders, as a PDF`,
            params,
            querystring: documentQuery,
            response: { 400: errorSchema, 401: errorSchema, 404: errorSchema },
          },
        },
        async (request, reply) => {
          const user = requireUser(request);
          return sendDocument(ctx, reply, request.params.id, document, request.query.n ?? 1, user.id);
        },
      );
    }
  };
}

/** The owner's GST settings, the report for the accountant, and any order's documents. */
export function gstAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);

    app.get(
      '/api/admin/gst',
      {
        schema: {
          tags: ['admin'],
          summary: 'The GST settings: seller, GSTIN, invoice prefix, on or off',
          response: { 200: gstSettingsSchema, ...errors },
        },
      },
      async () => readGstSettings(ctx.db),
    );

    app.put(
      '/api/admin/gst',
      {
        schema: {
          tags: ['admin'],
          summary: 'Save the GST settings (a GSTIN is checked: format, state code and check character)',
          body: gstSettingsSchema,
          response: { 200: z.object({ message: z.string(), settings: gstSettingsSchema }), ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const settings: GstSettings = request.body;
        await ctx.db.transaction().execute(async (trx) => {
          await writeGstSettings(trx, settings);
          await recordAudit(trx, admin, ctx.clock.now().toISOString(), {
            action: 'gst.settings',
            targetType: 'user',
            targetId: admin.id,
            details: { enabled: settings.enabled, gstin: settings.gstin, prefix: settings.invoicePrefix },
          });
        });
        return { message: gstMessages.settingsSaved, settings };
      },
    );

    app.get(
      '/api/admin/gst/report',
      {
        schema: {
          tags: ['admin'],
          summary: "A month's GST report as CSV: documents, or GSTR-1's b2cl, b2cs, cdnur, hsn, docs",
          querystring: gstReportQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const { month, section } = request.query;
        const body = await gstReport(ctx.db, month, section);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="gst-${month}-${section}.csv"`)
          .send(body);
      },
    );

    for (const document of DOCUMENTS) {
      app.get(
        `/api/admin/orders/:id/${document}.pdf`,
        {
          schema: {
            tags: ['admin'],
            summary: `An order's ${document} as a PDF`,
            params,
            querystring: documentQuery,
            response: errors,
          },
        },
        async (request, reply) => sendDocument(ctx, reply, request.params.id, document, request.query.n ?? 1),
      );
    }
  };
}
