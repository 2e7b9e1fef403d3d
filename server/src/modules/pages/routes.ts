import {
  errorSchema,
  messageSchema,
  ownMessages,
  shopPageInputSchema,
  shopPageSchema,
  SHOP_PAGE_SLUGS,
  shopPageSlugSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { invariant } from '../../lib/http-errors.js';
import { recordAudit } from '../admin/audit.js';
import { guardAdminRoutes, requireAdmin } from '../admin/require-admin.js';
import { readAllPages, readPage } from './pages.js';

const params = z.object({ slug: z.string().describe(SHOP_PAGE_SLUGS.join(', ')) });

/** A page the shop does not have is not found, as any other missing thing (404). */
function knownSlug(slug: string) {
  const known = shopPageSlugSchema.safeParse(slug);
  invariant(known.success, 404, ownMessages.pageNotFound);
  return known.data;
}

/** The public pages: anyone may read them, logged in or not. */
export function pageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/pages/:slug',
      {
        schema: {
          tags: ['pages'],
          summary: 'One of the shop’s pages (terms, privacy, refund-policy, shipping-policy, contact)',
          params,
          response: { 200: shopPageSchema, 404: errorSchema },
        },
      },
      async (request) => readPage(ctx.db, knownSlug(request.params.slug)),
    );
  };
}

/** The admin's editor: every page, and saving one (audited). */
export function adminPageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    guardAdminRoutes(app);
    app.get(
      '/api/admin/pages',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every shop page, with the default text where none was saved',
          response: { 200: z.array(shopPageSchema), 401: errorSchema, 403: errorSchema },
        },
      },
      async () => readAllPages(ctx.db),
    );

    app.put(
      '/api/admin/pages/:slug',
      {
        // Markdown of up to 20,000 characters, each of which JSON may escape to six bytes.
        bodyLimit: 256 * 1024,
        schema: {
          tags: ['admin'],
          summary: 'Save a shop page’s Markdown',
          params,
          body: shopPageInputSchema,
          response: {
            200: messageSchema,
            400: errorSchema,
            401: errorSchema,
            403: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const slug = knownSlug(request.params.slug);
        const now = ctx.clock.now().toISOString();
        const row = { body: request.body.body, updated_at: now, updated_by: admin.email };
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('shop_pages')
            .values({ slug, ...row })
            .onConflict((oc) => oc.column('slug').doUpdateSet(row))
            .execute();
          await recordAudit(trx, admin, now, {
            action: 'page.update',
            targetType: 'page',
            targetId: slug,
            details: { length: row.body.length },
          });
        });
        return { message: ownMessages.pageSaved };
      },
    );
  };
}
