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
import { addDays, addMonths, dayStart, shopDay } from '../../lib/shop-time.js';

/**
 * The owner's figures. Gross is what customers paid for their orders, on the
 * day the order was placed; refunds (requested or made, not failed) count on
 * the day they were asked for; revenue is gross less refunds. Every sum is the
 * database's: this file lists the periods and adds up the days and months.
 */
export async function overview(ctx: AppContext): Promise<Overview> {
  const today = shopDay(ctx.clock.now());
  const firstDay = addDays(today, 1 - OVERVIEW_DAYS);
  const firstMonth = addMonths(today, 1 - OVERVIEW_MONTHS);
  const dayKeys = Array.from({ length: OVERVIEW_DAYS }, (_, i) => addDays(firstDay, i));
  const monthKeys = Array.from({ length: OVERVIEW_MONTHS }, (_, i) => addMonths(`${firstMonth}-01`, i));
  const periods: Period[] = [
    ...dayKeys.map((day) => ({ key: day, start: dayStart(day), end: dayStart(addDays(day, 1)) })),
    ...monthKeys.map((month) => ({
      key: month,
      start: dayStart(`${month}-01`),
      end: dayStart(`${addMonths(`${month}-01`, 1)}-01`),
    })),
  ];
  const [sums, top] = await Promise.all([sumsPer(ctx, periods), topProducts(ctx, dayStart(firstDay))]);
  const days = dayKeys.map((date) => ({ date, ...sales(sums.get(date)) }));
  const months = monthKeys.map((month) => ({ month, ...sales(sums.get(month)) }));
  return {
    currency: 'INR',
    today,
    days,
    months,
    last30Days: totals(dayKeys.map((key) => sums.get(key))),
    last12Months: totals(monthKeys.map((key) => sums.get(key))),
    topByRevenue: ranked(top, 'revenue'),
    topByUnits: ranked(top, 'units'),
  };
}

type Period = { key: string; start: string; end: string };
type Sums = { orders: number; grossPaise: number; refundedPaise: number };

/**
 * Orders and refunds summed per period in one query: the periods are a list
 * of [start, end) ranges, each summed from a range of the covering indexes of
 * migration 0019, so no row is touched and no date is worked out per row.
 * (A join grouped by period sorted every order row of the year on SQLite.)
 */
async function sumsPer(ctx: AppContext, periods: Period[]): Promise<Map<string, Sums>> {
  const list = sql.join(periods.map((p) => sql`(${p.key}, ${p.start}, ${p.end})`));
  const { rows } = await sql<{ key: string; orders: number; gross: number | null; refunded: number | null }>`
    with periods (key, start_at, end_at) as (values ${list})
    select p.key,
      (select count(*) from orders o where o.created_at >= p.start_at and o.created_at < p.end_at) as orders,
      (select sum(o.amount_paise) from orders o where o.created_at >= p.start_at and o.created_at < p.end_at) as gross,
      (select sum(r.amount_paise) from refunds r
        where r.created_at >= p.start_at and r.created_at < p.end_at
          and r.status <> 'failed' and r.order_id is not null) as refunded
    from periods p`.execute(ctx.db);
  return new Map(
    rows.map((r) => [
      r.key,
      { orders: Number(r.orders), grossPaise: Number(r.gross ?? 0), refundedPaise: Number(r.refunded ?? 0) },
    ]),
  );
}

function sales(sums: Sums | undefined): Sales {
  const grossPaise = sums?.grossPaise ?? 0;
  const refundedPaise = sums?.refundedPaise ?? 0;
  return {
    orders: sums?.orders ?? 0,
    gross: paiseToRupees(grossPaise),
    refunds: paiseToRupees(refundedPaise),
    revenue: paiseToRupees(grossPaise - refundedPaise),
  };
}

/** The periods' sums added up (days or months: they do not overlap within one list). */
function totals(list: (Sums | undefined)[]): PeriodTotals {
  const all = { orders: 0, grossPaise: 0, refundedPaise: 0 };
  for (const s of list) {
    all.orders += s?.orders ?? 0;
    all.grossPaise += s?.grossPaise ?? 0;
    all.refundedPaise += s?.refundedPaise ?? 0;
  }
  return {
    ...sales(all),
    averageOrderValue: all.orders === 0 ? 0 : paiseToRupees(Math.round(all.grossPaise / all.orders)),
  };
}

type TopRow = {
  rank_by: 'revenue' | 'units';
  product_id: string;
  name: string;
  units: number;
  revenue: number;
};
const toTopProduct = (r: TopRow): TopProduct => ({
  productId: r.product_id,
  name: r.name,
  units: Number(r.units),
  revenue: paiseToRupees(Number(r.revenue)),
});

/** One of the two rankings, in its order (a union keeps none). */
function ranked(rows: TopRow[], by: TopRow['rank_by']): TopProduct[] {
  return rows
    .filter((r) => r.rank_by === by)
    .map(toTopProduct)
    .sort((a, b) => b[by] - a[by] || (a.productId < b.productId ? -1 : 1));
}

/**
 * The products of the orders placed since `since`, ranked twice in one query:
 * revenue is what those orders took less what was refunded of them; units
 * leave out orders cancelled or returned (their stock went back). The name is
 * the product's, or for a deleted product the one its orders kept.
 */
async function topProducts(ctx: AppContext, since: string): Promise<TopRow[]> {
  const { rows } = await sql<TopRow>`
    with sold as (
      select product_id,
        sum(case when status in ('cancelled', 'returned') then 0 else quantity end) as units,
        sum(amount_paise) as gross
      from orders where created_at >= ${since} group by product_id
    ),
    back as (
      select o.product_id, sum(r.amount_paise) as paise
      from refunds r join orders o on o.id = r.order_id
      where r.status <> 'failed' and o.created_at >= ${since}
      group by o.product_id
    ),
    ranked as (
      select s.product_id, s.units, s.gross - coalesce(b.paise, 0) as revenue
      from sold s left join back b on b.product_id = s.product_id
    ),
    top as (
      select * from (select 'revenue' as rank_by, ranked.* from ranked order by revenue desc, product_id limit ${TOP_PRODUCTS}) a
      union all
      select * from (select 'units' as rank_by, ranked.* from ranked order by units desc, product_id limit ${TOP_PRODUCTS}) b
    )
    select t.rank_by, t.product_id, t.units, t.revenue,
      coalesce(p.name, (select o.name from orders o where o.product_id = t.product_id limit 1)) as name
    from top t left join products p on p.id = t.product_id`.execute(ctx.db);
  return rows;
}
