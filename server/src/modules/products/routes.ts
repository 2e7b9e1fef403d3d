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
import { createReadMemo } from '../../db/read-memo.js';
import { invariant } from '../../lib/http-errors.js';
import { seenMarkOf } from '../../lib/seen-writes.js';
import { sendJsonText, sendJsonTextWhenReady, trustedJson } from '../../lib/trusted-json.js';
import { requireUser } from '../sessions/plugin.js';
import { readVersionsAndCart } from './catalog-versions.js';
import { createListCache } from './list-cache.js';
import { listProducts } from './list.js';
import { createProductPage } from './product-page.js';
import type { ProductPage } from './page-cache.js';
import { createCatalogSearch } from './search-index.js';

const tags = ['catalog'];
/** Catalog heads kept within a second, at most this many shoppers' (SQLite; db/read-memo.ts). */
const HEADS_KEPT = 1_000;

export function productRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const now = () => ctx.clock.now().getTime();
    const listCache = createListCache(now);
    const { db } = ctx;
    const catalogSearch = createCatalogSearch(
      db,
      (error) => app.log.error({ err: error }, 'building the catalog search index failed'),
      { onBuilt: (built) => app.log.info(built, 'catalog search index built') },
    );
    app.addHook('onClose', async () => {
      catalogSearch.close();
      await catalogSearch.settled();
    });
    const productPage = createProductPage(db, ctx.dbKind, now);
    // SQLite only: on PostgreSQL the head goes in the shared trips of the catalog's other
    // reads (db/batch.ts), and kept in memory there the catalog answered fewer (decisions/0021).
    const catalogHead =
      ctx.dbKind === 'sqlite'
        ? createReadMemo(db, now, (userId: string) => readVersionsAndCart(db, ctx.dbKind, userId), HEADS_KEPT)
        : undefined;

    app.get(
      '/api/get-products',
      {
        ...trustedJson,
        schema: {
          tags,
          summary:
            'Products, searched, filtered, sorted and paged on the server (without page or limit, the first 1,000); and the cart line count',
          querystring: productQuerySchema,
          response: { 200: productListSchema, 400: errorSchema, 401: errorSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { json } = await listProducts(
          ctx.db,
          ctx.dbKind,
          { cache: listCache, search: catalogSearch, ...(catalogHead && { head: catalogHead }) },
          request.query,
          user.id,
        );
        return sendJsonText(reply, json);
      },
    );

    app.get(
      // A wildcard, not `:id`: the router answers 414 to a parameter over 100
      // characters before any handler, yet a mangled product link is just not found.
      '/api/get-product/*',
      {
        ...trustedJson,
        schema: {
          tags,
          summary: `One product with its latest ${REVIEWS_ON_PRODUCT_PAGE} reviews; ownReview when there are more`,
          params: z.object({ '*': z.string() }),
          response: { 200: productAnswerSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      (request, reply) => {
        const user = requireUser(request);
        const id = request.params['*'];
        // Any id is looked up as an opaque string; a malformed one is simply not found.
        invariant(isLookupableId(id), 404, messages.productNotFound);
        const seenMark = seenMarkOf(request);
        // Most pages come from memory: sent in this call, with no promise (decisions/0022).
        const kept = productPage.keptPage(id, seenMark);
        if (kept !== undefined && !kept.reviewsCut)
          return sendJsonTextWhenReady(reply, productAnswer(kept, user.id, ''));
        const read = async () => {
          const page = kept ?? (await productPage.page(id, seenMark));
          invariant(page, 404, messages.productNotFound);
          // Only a page showing the latest of more reviews needs a read of the shopper's own.
          const own = page.reviewsCut
            ? `,"ownReview":${JSON.stringify(await productPage.ownReview(id, user.id))}`
            : '';
          return productAnswer(page, user.id, own);
        };
        return sendJsonTextWhenReady(reply, read());
      },
    );
  };
}

/** The product page's answer: the page's JSON, who asks, and their own review where it was cut. */
const productAnswer = (page: ProductPage, userId: string, own: string) =>
  `{"product":${page.json},"userId":${JSON.stringify(userId)}${own}}`;
