import { overviewMessages, type LowStockProduct } from '@shop/shared';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Mail } from '../../lib/mailer.js';
import { shopName } from '../orders/mails.js';
import { readSetting } from '../settings/settings.js';
import { shopDay, shopHour } from '../../lib/shop-time.js';

/** The hour (shop time) from which the day's low-stock check may run. */
export const LOW_STOCK_MAIL_HOUR = 8;

/** A product's threshold: its own, or the shop's default. */
const thresholdOf = (fallback: number) => sql<number>`coalesce(l.threshold, ${fallback})`;

function lowProducts(db: Kysely<Database>, fallback: number) {
  return db
    .selectFrom('products as p')
    .leftJoin('product_low_stock as l', 'l.product_id', 'p.id')
    .where(sql<boolean>`p.count_in_stock <= ${thresholdOf(fallback)}`);
}

/** Every product at or below its threshold, the emptiest first. */
export async function lowStockList(ctx: AppContext) {
  const fallback = await readSetting(ctx.db, 'low_stock_threshold');
  const rows = await lowProducts(ctx.db, fallback)
    .select(['p.id', 'p.name', 'p.count_in_stock', 'l.threshold'])
    .orderBy('p.count_in_stock')
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  const products: LowStockProduct[] = rows.map((r) => ({
    _id: r.id,
    name: r.name,
    countInStock: r.count_in_stock,
    threshold: r.threshold === null ? null : Number(r.threshold),
  }));
  return { defaultThreshold: fallback, products };
}

export async function setProductThreshold(db: Kysely<Database>, productId: string, threshold: number | null) {
  await db
    .insertInto('product_low_stock')
    .values({ product_id: productId, threshold, reported_at: null })
    .onConflict((oc) => oc.column('product_id').doUpdateSet({ threshold }))
    .execute();
}

/**
 * Once a shop day, from LOW_STOCK_MAIL_HOUR: mails OWNER_EMAIL the products
 * that fell to or below their threshold since the last check. The day's row in
 * low_stock_mail_days is inserted first, in the same transaction: of two
 * instances (or two sweeps) only the one whose insert lands goes on, and if it
 * fails, its insert goes too, so the next sweep tries again. A product back
 * above its threshold loses its mark, so a later fall is news again.
 * Returns the products mailed about (none when another run had the day).
 */
export async function checkLowStock(ctx: AppContext): Promise<string[]> {
  const now = ctx.clock.now();
  const day = shopDay(now);
  if (shopHour(now) < LOW_STOCK_MAIL_HOUR) return [];
  const done = await ctx.db
    .selectFrom('low_stock_mail_days')
    .select('day')
    .where('day', '=', day)
    .executeTakeFirst();
  if (done) return [];
  const named = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('low_stock_mail_days')
      .values({ day, created_at: now.toISOString() })
      .onConflict((oc) => oc.column('day').doNothing())
      .returning('day')
      .executeTakeFirst();
    if (!claimed) return [];
    const fallback = await readSetting(trx, 'low_stock_threshold');
    await trx
      .updateTable('product_low_stock as l')
      .set({ reported_at: null })
      .where('l.reported_at', 'is not', null)
      .where(
        sql<boolean>`(select count_in_stock from products p where p.id = l.product_id) > ${thresholdOf(fallback)}`,
      )
      .execute();
    const fresh = await lowProducts(trx, fallback)
      .where('l.reported_at', 'is', null)
      .select(['p.id', 'p.name', 'p.count_in_stock', sql<number>`${thresholdOf(fallback)}`.as('threshold')])
      .orderBy('p.count_in_stock')
      .orderBy('p.name')
      .execute();
    if (fresh.length === 0) return [];
    const at = now.toISOString();
    for (const p of fresh) {
      await trx
        .insertInto('product_low_stock')
        .values({ product_id: p.id, threshold: null, reported_at: at })
        .onConflict((oc) => oc.column('product_id').doUpdateSet({ reported_at: at }))
        .execute();
    }
    if (ctx.config.ownerEmail) await ctx.mailer.send(lowStockMail(ctx, ctx.config.ownerEmail, fresh), trx);
    return fresh.map((p) => p.id);
  });
  if (named.length > 0) ctx.mailer.kick();
  return named;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function lowStockMail(
  ctx: AppContext,
  to: string,
  products: { name: string; count_in_stock: number; threshold: number }[],
): Mail {
  const shop = shopName(ctx.config);
  const url = `${ctx.config.publicUrl}/admin/lowStock`;
  const line = (p: (typeof products)[number]) =>
    `${p.name}: ${p.count_in_stock} left (threshold ${Number(p.threshold)})`;
  const text = [
    overviewMessages.lowStockMailIntro,
    '',
    ...products.map((p) => `- ${line(p)}`),
    '',
    url,
    '',
    shop,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#0f172a">',
    `<p>${escapeHtml(overviewMessages.lowStockMailIntro)}</p><ul>`,
    ...products.map((p) => `<li>${escapeHtml(line(p))}</li>`),
    `</ul><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p></body></html>`,
  ].join('');
  return { to, subject: `${overviewMessages.lowStockMailSubject} - ${shop}`, text, html, link: url };
}
