import { ownMessages } from '@shop/shared';
import type { AppContext } from '../../context.js';
import { addDays, dayStart, shopDateTime } from '../../lib/shop-time.js';
import { BATCH, inBatches, rupeesCell, textCell } from './cells.js';

export const ORDER_COLUMNS = [
  'orderId',
  'placedAt',
  'status',
  'buyerName',
  'buyerEmail',
  'recipientName',
  'recipientEmail',
  'recipientPhone',
  'streetAddress',
  'town',
  'pincode',
  'state',
  'country',
  'productId',
  'productName',
  'unitPrice',
  'quantity',
  'amount',
  'refunded',
  'transactionId',
] as const;

type Key = { createdAt: string; id: string };

/**
 * One record per order line (each order of the shop is one product line)
 * placed from the start of `from` to the end of `to`, shop days, oldest first,
 * placedAt in the shop's time as the range is. Amounts in rupees; refunded is
 * what was asked back of the order, not failed. An order whose account was
 * deleted stays: these are the shop's sales records.
 */
export function orderRecords(ctx: AppContext, from: string, to: string): AsyncGenerator<unknown[]> {
  const since = dayStart(from);
  const until = dayStart(addDays(to, 1));
  const read = (after: Key | undefined) => {
    let query = ctx.db
      .selectFrom('orders as o')
      .leftJoin('users as u', 'u.id', 'o.user_id')
      .select((eb) => [
        'o.id',
        'o.created_at',
        'o.status',
        'u.name as buyer_name',
        'u.email as buyer_email',
        'o.recipient_name',
        'o.recipient_email',
        'o.recipient_phone',
        'o.street_address',
        'o.town',
        'o.pincode',
        'o.state',
        'o.country',
        'o.product_id',
        'o.name',
        'o.price_paise',
        'o.quantity',
        'o.amount_paise',
        'o.transaction_id',
        eb
          .selectFrom('refunds as r')
          .select((r) => r.fn.coalesce(r.fn.sum<number>('r.amount_paise'), r.lit(0)).as('paise'))
          .whereRef('r.order_id', '=', 'o.id')
          .where('r.status', '<>', 'failed')
          .as('refunded_paise'),
      ])
      .where('o.created_at', '>=', since)
      .where('o.created_at', '<', until);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('o.created_at', '>', after.createdAt),
          eb.and([eb('o.created_at', '=', after.createdAt), eb('o.id', '>', after.id)]),
        ]),
      );
    }
    return query.orderBy('o.created_at').orderBy('o.id').limit(BATCH).execute();
  };
  return (async function* () {
    for await (const o of inBatches(read, (row) => ({ createdAt: row.created_at, id: row.id }))) {
      yield [
        o.id,
        shopDateTime(new Date(o.created_at)),
        o.status,
        textCell(o.buyer_name ?? ownMessages.deletedCustomer),
        textCell(o.buyer_email ?? ''),
        textCell(o.recipient_name),
        textCell(o.recipient_email),
        textCell(o.recipient_phone),
        textCell(o.street_address),
        textCell(o.town),
        textCell(o.pincode),
        textCell(o.state),
        textCell(o.country),
        o.product_id,
        textCell(o.name),
        rupeesCell(o.price_paise),
        o.quantity,
        rupeesCell(o.amount_paise),
        rupeesCell(o.refunded_paise ?? 0),
        textCell(o.transaction_id),
      ];
    }
  })();
}
