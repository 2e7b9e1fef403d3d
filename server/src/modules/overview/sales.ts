import {
  OVERVIEW_DAYS,
  OVERVIEW_MONTHS,
  paiseToRupees,
  TOP_PRODUCTS,
  type Overview,
  type PeriodTotals,
  type Sales,
  type TopProduct,
} from '@shop/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { addDays, addMonths, dayStart, shopDay, shopPeriodOf } from './shop-time.js';

/**
 * The owner's figures. Gross is what customers paid for their orders, on the
 * day the order was placed; refunds (requested or made, not failed) count on
 * the day they were asked for; revenue is gross less refunds. Every sum and
 * grouping is the database's: this file only asks and fills the empty days.
 */
export async function overview(ctx: AppContext): Promise<Overview> {
  const today = shopDay(ctx.clock.now());
  const firstDay = addDays(today, 1 - OVERVIEW_DAYS);
  const firstMonth = addMonths(today, 1 - OVERVIEW_MONTHS);
  const since30 = dayStart(firstDay);
  const since12 = dayStart(`${firstMonth}-01`);
  const [ordersByDay, refundsByDay, ordersByMonth, refundsByMonth, topByRevenue, topByUnits] =
    await Promise.all([
      ordersPer(ctx, 'day', since30),
      refundsPer(ctx, 'day', since30),
      ordersPer(ctx, 'month', since12),
      refundsPer(ctx, 'month', since12),
      topProducts(ctx, since30, 'revenue'),
      topProducts(ctx, since30, 'units'),
    ]);
  const days = Array.from({ length: OVERVIEW_DAYS }, (_, i) => addDays(firstDay, i)).map((date) => ({
    date,
    ...sales(ordersByDay.get(date), refundsByDay.get(date)),
  }));
  const months = Array.from({ length: OVERVIEW_MONTHS }, (_, i) => addMonths(`${firstMonth}-01`, i)).map(
    (month) => ({ month, ...sales(ordersByMonth.get(month), refundsByMonth.get(month)) }),
  );
  return {
    currency: 'INR',
    today,
    days,
    months,
    last30Days: totals(ordersByDay, refundsByDay),
    last12Months: totals(ordersByMonth, refundsByMonth),
    topByRevenue,
    topByUnits,
  };
}

type OrderSums = { orders: number; grossPaise: number };

async function ordersPer(ctx: AppContext, unit: 'day' | 'month', since: string) {
  const period = shopPeriodOf(ctx.dbKind, 'created_at', unit);
  const rows = await ctx.db
    .selectFrom('orders')
    .select([
      period.as('period'),
      (eb) => eb.fn.countAll<number>().as('orders'),
      (eb) => eb.fn.sum<number>('amount_paise').as('gross'),
    ])
    .where('created_at', '>=', since)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.period, { orders: Number(r.orders), grossPaise: Number(r.gross) }]));
}

/** Refunds of orders; a checkout paid after its hold lapsed was never an order and is left out. */
async function refundsPer(ctx: AppContext, unit: 'day' | 'month', since: string) {
  const period = shopPeriodOf(ctx.dbKind, 'created_at', unit);
  const rows = await ctx.db
    .selectFrom('refunds')
    .select([period.as('period'), (eb) => eb.fn.sum<number>('amount_paise').as('refunded')])
    .where('created_at', '>=', since)
    .where('status', '<>', 'failed')
    .where('order_id', 'is not', null)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.period, Number(r.refunded)]));
}

function sales(orders: OrderSums | undefined, refundedPaise = 0): Sales {
  const grossPaise = orders?.grossPaise ?? 0;
  return {
    orders: orders?.orders ?? 0,
    gross: paiseToRupees(grossPaise),
    refunds: paiseToRupees(refundedPaise),
    revenue: paiseToRupees(grossPaise - refundedPaise),
  };
}

function totals(orders: Map<string, OrderSums>, refunds: Map<string, number>): PeriodTotals {
  let count = 0;
  let grossPaise = 0;
  let refundedPaise = 0;
  for (const o of orders.values()) {
    count += o.orders;
    grossPaise += o.grossPaise;
  }
  for (const r of refunds.values()) refundedPaise += r;
  return {
    ...sales({ orders: count, grossPaise }, refundedPaise),
    averageOrderValue: count === 0 ? 0 : paiseToRupees(Math.round(grossPaise / count)),
  };
}

/**
 * The products of the orders placed since `since`: revenue is what those
 * orders took less what was refunded of them; units leave out orders
 * cancelled or returned (their stock went back).
 */
async function topProducts(ctx: AppContext, since: string, by: 'revenue' | 'units'): Promise<TopProduct[]> {
  const rows = await ctx.db
    .with('refunded', (db) =>
      db
        .selectFrom('refunds')
        .select(['order_id', (eb) => eb.fn.sum<number>('amount_paise').as('paise')])
        .where('status', '<>', 'failed')
        .where('order_id', 'is not', null)
        .groupBy('order_id'),
    )
    .selectFrom('orders as o')
    .leftJoin('refunded as r', 'r.order_id', 'o.id')
    .leftJoin('products as p', 'p.id', 'o.product_id')
    .select([
      'o.product_id',
      sql<string>`coalesce(max(p.name), max(o.name))`.as('name'),
      sql<number>`sum(case when o.status in ('cancelled', 'returned') then 0 else o.quantity end)`.as(
        'units',
      ),
      sql<number>`sum(o.amount_paise - coalesce(r.paise, 0))`.as('revenue'),
    ])
    .where('o.created_at', '>=', since)
    .groupBy('o.product_id')
    .orderBy(by === 'revenue' ? sql`4` : sql`3`, 'desc')
    .orderBy('o.product_id')
    .limit(TOP_PRODUCTS)
    .execute();
  return rows.map((r) => ({
    productId: r.product_id,
    name: r.name,
    units: Number(r.units),
    revenue: paiseToRupees(Number(r.revenue)),
  }));
}
