import {
  adminListQuerySchema,
  adminProductSchema,
  commerceMessages,
  errorSchema,
  messages,
  messageSchema,
  ERROR_ISSUES_HEADER,
  productEditSchema,
  productInputSchema,
  productSavedSchema,
  type Product,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Insertable, Selectable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { ProductsTable } from '../../db/schema.js';
import { isLookupableId } from '../../db/index.js';
import { HttpError, invariant } from '../../lib/http-errors.js';
import { newId } from '../../lib/tokens.js';
import { releaseCheckoutsHolding } from '../checkout/release.js';
import { nameContains } from '../products/name-search.js';
import { stockEdit } from '../products/stock-edit.js';
import { columnsOf as productColumnsOf, productColumns, toProduct } from '../products/product-fields.js';
import { selectAdminProducts, toAdminProduct } from './admin-products.js';
import { recordAudit } from './audit.js';
import { listAsAsked } from './paging.js';
import { guardAdminRoutes, requireAdmin } from './require-admin.js';
import { isUsableImage } from './uploads.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['admin'];

export function adminProductRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** An uploaded image must really be one of ours. */
  function checkImage({ image }: z.output<typeof productInputSchema>) {
    invariant(isUsableImage(ctx.config.uploadDir, image), 400, messages.invalidImage);
  }

  /** The stored columns for the form's fields (`stored`: the product before an edit). */
  function columnsOf(input: z.output<typeof productInputSchema>, stored?: Product) {
    // The form's fields are those of the field list (product-fields.ts): stored as it says.
    return productColumnsOf(input, stored) as Omit<Insertable<ProductsTable>, 'id' | 'created_at'> &
      Pick<Selectable<ProductsTable>, 'name' | 'price_paise' | 'count_in_stock'>;
  }

  async function readProduct(db: AppContext['db'], id: string) {
    return toProduct(
      await db.selectFrom('products').select(productColumns).where('id', '=', id).executeTakeFirstOrThrow(),
    );
  }

  return async (app) => {
    guardAdminRoutes(app);
    app.get(
      '/api/getAllProducts',
      {
        schema: {
          tags,
          summary:
            'Every product, newest first, with the units unpaid checkouts hold; or one page of them (page, limit; X-Total-Count), searched by name or id (q)',
          querystring: adminListQuerySchema,
          response: { 200: z.array(adminProductSchema), ...errors },
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        const { q } = request.query;
        const matching = () => {
          const all = ctx.db.selectFrom('products');
          return q ? all.where((eb) => eb.or([eb('id', '=', q), nameContains(ctx.dbKind, q)])) : all;
        };
        const rows = await listAsAsked(reply, request.query, matching, (products) =>
          selectAdminProducts(ctx.db, products).orderBy('products.created_at', 'desc').orderBy('products.id'),
        );
        return rows.map(toAdminProduct);
      },
    );

    app.get(
      '/api/admin/products/:id',
      {
        schema: {
          tags,
          summary: 'One product as the edit form shows it, with the units unpaid checkouts hold',
          params: z.object({ id: z.string() }),
          response: { 200: adminProductSchema, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        const { id } = request.params;
        invariant(isLookupableId(id), 404, messages.productNotFound);
        const row = await selectAdminProducts(ctx.db, ctx.db.selectFrom('products'))
          .where('products.id', '=', id)
          .executeTakeFirst();
        invariant(row, 404, messages.productNotFound);
        return toAdminProduct(row);
      },
    );

    app.post(
      '/api/addProduct',
      {
        schema: {
          tags,
          summary: 'Add a product',
          body: productInputSchema,
          response: { 201: productSavedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const now = ctx.clock.now().toISOString();
        const id = newId();
        checkImage(request.body);
        const columns = columnsOf(request.body);
        const product = await ctx.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('products')
            .values({ id, created_at: now, ...columns })
            .execute();
          await recordAudit(trx, admin, now, {
            action: 'product.add',
            targetType: 'product',
            targetId: id,
            details: { name: columns.name },
          });
          return readProduct(trx, id);
        });
        return reply.code(201).send({ message: messages.productAdded, product });
      },
    );

    app.patch(
      '/api/product/editProduct/:id',
      {
        schema: {
          tags,
          summary: 'Edit a product',
          params: z.object({ id: z.string() }),
          body: productEditSchema,
          response: { 201: productSavedSchema, ...errors, 409: errorSchema },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const { id } = request.params;
        invariant(isLookupableId(id), 404, messages.productNotFound);
        const now = ctx.clock.now().toISOString();
        const { loadedCountInStock } = request.body;
        checkImage(request.body);
        const product = await ctx.db.transaction().execute(async (trx) => {
          // Locked (PostgreSQL; SQLite has one writer) so no sale lands between the check and the write.
          let read = trx.selectFrom('products').select(productColumns).where('id', '=', id);
          if (ctx.dbKind === 'postgres') read = read.forUpdate();
          const before = await read.executeTakeFirst();
          invariant(before, 404, messages.productNotFound);
          const asked = columnsOf(request.body, toProduct(before));
          const edit = stockEdit(asked, before.count_in_stock, loadedCountInStock);
          if ('movedTo' in edit) {
            const message = commerceMessages.stockChangedMeanwhile(edit.movedTo);
            throw new HttpError(409, message, {
              [ERROR_ISSUES_HEADER]: encodeURIComponent(JSON.stringify([{ path: 'countInStock', message }])),
            });
          }
          const { columns } = edit;
          await trx.updateTable('products').set(columns).where('id', '=', id).execute();
          await recordAudit(trx, admin, now, {
            action: 'product.edit',
            targetType: 'product',
            targetId: id,
            details: {
              name: columns.name,
              pricePaise: [Number(before.price_paise), columns.price_paise],
              stock: [before.count_in_stock, columns.count_in_stock ?? before.count_in_stock],
            },
          });
          return readProduct(trx, id);
        });
        return reply.code(201).send({ message: messages.productUpdated, product });
      },
    );

    app.delete(
      '/api/product/delete/:id',
      {
        schema: {
          tags,
          summary:
            'Delete a product: it leaves every cart, unpaid checkouts holding it end; past orders keep their snapshot',
          params: z.object({ id: z.string() }),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const { id } = request.params;
        invariant(isLookupableId(id), 404, messages.productNotFound);
        const now = ctx.clock.now().toISOString();
        await ctx.db.transaction().execute(async (trx) => {
          const checkoutsEnded = await releaseCheckoutsHolding(trx, id, now);
          // Cart lines and reviews cascade; orders hold their own snapshot. Only the delete that
          // removed the row succeeds: one running at once waits for it, removes nothing and rolls
          // back its releases, so the product is deleted and audited once.
          const product = await trx
            .deleteFrom('products')
            .where('id', '=', id)
            .returning('name')
            .executeTakeFirst();
          invariant(product, 404, messages.productNotFound);
          await recordAudit(trx, admin, now, {
            action: 'product.delete',
            targetType: 'product',
            targetId: id,
            details: { name: product.name, checkoutsEnded },
          });
        });
        return { message: messages.productDeleted };
      },
    );
  };
}
