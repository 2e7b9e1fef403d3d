import {
  errorSchema,
  messages,
  productAnswerSchema,
  productListSchema,
  productQuerySchema,
  REVIEWS_ON_PRODUCT_PAGE,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isLookupableId } from '../../db/index.js';
import { invariant } from '../../lib/http-errors.js';
import { requireUser } from '../sessions/plugin.js';
import { listProducts, type CatalogPage } from './list.js';
import { createPageCache, type PageCacheMode } from './page-cache.js';
import { createProductPage, type ProductPage } from './product-page.js';
import { createCatalogSearch, type SearchIndexMode } from './search-index.js';

const tags = ['catalog'];

/**
 * Which of the catalog's paths production can take a request goes through:
 * production uses the search index once built and the page cache; tests force
 * each path (test/helpers/app.ts).
 */
export type CatalogPaths = { searchIndex?: SearchIndexMode; pageCache?: PageCacheMode };

export function productRoutes(ctx: AppContext, paths: CatalogPaths = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, dbKind } = ctx;
    const cache = createPageCache<CatalogPage | ProductPage>(paths.pageCache);
    const search = createCatalogSearch(
      db,
      (error) => app.log.error({ err: error }, 'building the catalog search index failed'),
      {
        ...(paths.searchIndex && { mode: paths.searchIndex }),
        onBuilt: (built) => app.log.info(built, 'catalog search index built'),
      },
    );
    app.addHook('onClose', async () => {
      search.close();
      await search.settled();
    });
    const productPage = createProductPage(db, dbKind, cache);

    app.get(
      '/api/get-products',
      {
        schema: {
          tags,
          summary:
            'Products, searched, filtered, sorted and paged on the server (without page or limit, the first 1,000); and the cart line count',
          querystring: productQuerySchema,
          response: { 200: productListSchema, 400: errorSchema, 401: errorSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return listProducts(db, dbKind, { cache, search }, request.query, user.id);
      },
    );

    app.get(
      // A wildcard: whatever follows, a slash or a mangled id too, is a product simply not found.
      '/api/get-product/*',
      {
        schema: {
          tags,
          summary: `One product with its latest ${REVIEWS_ON_PRODUCT_PAGE} reviews; ownReview when there are more`,
          params: z.object({ '*': z.string() }),
          response: { 200: productAnswerSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const id = request.params['*'];
        // Any id is looked up as an opaque string; a malformed one is simply not found.
        invariant(isLookupableId(id), 404, messages.productNotFound);
        const page = await productPage.page(id);
        invariant(page, 404, messages.productNotFound);
        // Only a page showing the latest of more reviews needs a read of the shopper's own.
        if (!page.reviewsCut) return { product: page.product, userId: user.id };
        return {
          product: page.product,
          userId: user.id,
          ownReview: await productPage.ownReview(id, user.id),
        };
      },
    );
  };
}
