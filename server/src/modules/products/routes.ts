import {
  errorSchema,
  messages,
  productAnswerSchema,
  productListSchema,
  productQuerySchema,
} from '@shop/shared';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { compileOnce } from '../../db/compile-once.js';
import { anyOf, createKeyedBatcher } from '../../db/batch.js';
import { isLookupableId, type Db, type DbKind } from '../../db/index.js';
import { invariant } from '../../lib/http-errors.js';
import { sendJsonText, trustedJson } from '../../lib/trusted-json.js';
import { requireUser, sessionFromCache } from '../sessions/plugin.js';
import { readVersionsAndCart } from './catalog-versions.js';
import { createListCache } from './list-cache.js';
import { listProducts } from './list.js';
import { createProductPageCache } from './page-cache.js';
import { createCatalogSearch } from './search-index.js';
import { productColumns, toProduct, toReview } from './repo.js';

const tags = ['catalog'];

export function productRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const listCache = createListCache(() => ctx.clock.now().getTime());
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
    const { productById, reviewsOf } = productPageReads(db, ctx.dbKind);
    const productPages = createProductPageCache(() => ctx.clock.now().getTime());

    app.get(
      '/api/get-products',
      {
        ...trustedJson,
        ...sessionFromCache,
        schema: {
          tags,
          summary: 'Products, searched, filtered, sorted and paged on the server; and the cart line count',
          querystring: productQuerySchema,
          response: { 200: productListSchema, 400: errorSchema, 401: errorSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const {
          cartLines,
          foundBy: _foundBy,
          ...list
        } = await listProducts(
          ctx.db,
          ctx.dbKind,
          { cache: listCache, search: catalogSearch },
          request.query,
          user.id,
        );
        return { ...list, userCartQuantity: cartLines };
      },
    );

    app.get(
      // A wildcard, not `:id`: the router answers 414 to a parameter over 100
      // characters before any handler, yet a mangled product link is just not found.
      '/api/get-product/*',
      {
        ...trustedJson,
        ...sessionFromCache,
        schema: {
          tags,
          summary: 'One product with its reviews, latest first',
          params: z.object({ '*': z.string() }),
          response: { 200: productAnswerSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const id = request.params['*'];
        // Any id is looked up as an opaque string; a malformed one is simply not found.
        invariant(isLookupableId(id), 404, messages.productNotFound);
        // Read before the rows, so a change committed in between is seen on the next answer.
        const versions = await readVersionsAndCart(ctx.db, ctx.dbKind, user.id);
        let product = productPages.get(id, versions);
        if (product === undefined) {
          const [[row], reviews] = await Promise.all([productById(id), reviewsOf(id)]);
          invariant(row, 404, messages.productNotFound);
          product = JSON.stringify({ ...toProduct(row), reviews: reviews.map(toReview) });
          productPages.set(id, versions, product);
        }
        return sendJsonText(reply, `{"product":${product},"userId":${JSON.stringify(user.id)}}`);
      },
    );
  };
}

/**
 * A product page's two reads: its row, and its reviews with whether each
 * author bought it. On PostgreSQL the pages asked at once share their trips
 * (db/batch.ts); SQLite answers in-process, where a trip costs nothing.
 */
function productPageReads(db: Db, kind: DbKind) {
  const product = db.selectFrom('products').select(productColumns);
  const reviews = db
    .selectFrom('reviews')
    .select(['product_id', 'user_id', 'user_name', 'rating', 'comment', 'created_at', 'updated_at'])
    // "Verified purchase": the author has a paid order for this product.
    .select(
      sql<boolean>`exists (select 1 from orders where orders.user_id = reviews.user_id and orders.product_id = reviews.product_id)`.as(
        'verified',
      ),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id');
  if (kind === 'sqlite') {
    return {
      productById: compileOnce(db, product.where('id', '=', '')),
      reviewsOf: compileOnce(db, reviews.where('product_id', '=', '')),
    };
  }
  const products = compileOnce(db, product.where(anyOf('id')));
  const reviewRows = compileOnce(db, reviews.where(anyOf('product_id')));
  return {
    productById: createKeyedBatcher(
      (ids) => products(ids),
      (row) => row.id,
    ),
    reviewsOf: createKeyedBatcher(
      (ids) => reviewRows(ids),
      (row) => row.product_id,
    ),
  };
}
