import { orderMessages } from '@shop/shared';
import type { Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, OrdersTable } from '../../db/schema.js';
import { newId } from '../../lib/tokens.js';
import { recordAudit } from '../admin/audit.js';
import type { SessionUser } from '../sessions/store.js';
import { trackingMail } from './mails.js';
import { toOrder } from './repo.js';

export type Shipment = { carrier: string; trackingNumber: string; trackingUrl: string | null };

/** How a shipment reads in the order's history and the audit log. */
export function shipmentNote({ carrier, trackingNumber, trackingUrl }: Shipment): string {
  return `${carrier} ${trackingNumber}${trackingUrl ? ` ${trackingUrl}` : ''}`;
}

/**
 * Ships a shipped order again with other details: the owner correcting a carrier or tracking
 * number typed wrong. The order keeps its state; the new details replace the old, the history and
 * the audit log say what they were, and the customer is mailed the right ones. The same details
 * again change nothing. The caller holds the order's row (moveOrder); answers whether it changed.
 */
export async function correctTracking(
  ctx: AppContext,
  trx: Transaction<Database>,
  admin: SessionUser,
  row: Selectable<OrdersTable>,
  shipment: Shipment,
  now: string,
): Promise<boolean> {
  const same =
    row.carrier === shipment.carrier &&
    row.tracking_number === shipment.trackingNumber &&
    (row.tracking_url ?? null) === shipment.trackingUrl;
  if (same) return false;
  const updated = await trx
    .updateTable('orders')
    .set({
      carrier: shipment.carrier,
      tracking_number: shipment.trackingNumber,
      tracking_url: shipment.trackingUrl,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'shipped')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  const before =
    row.carrier !== null && row.tracking_number !== null
      ? shipmentNote({
          carrier: row.carrier,
          trackingNumber: row.tracking_number,
          trackingUrl: row.tracking_url,
        })
      : '';
  const after = shipmentNote(shipment);
  await trx
    .insertInto('order_events')
    .values({
      id: newId(),
      order_id: row.id,
      status: 'shipped',
      actor: admin.email,
      note: `${orderMessages.trackingUpdatedDone}: ${after}${before ? ` (was ${before})` : ''}`,
      created_at: now,
    })
    .execute();
  await recordAudit(trx, admin, now, {
    action: 'order.tracking',
    targetType: 'order',
    targetId: row.id,
    details: { from: before, to: after },
  });
  const customer = await trx
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  const order = toOrder({
    ...row,
    carrier: shipment.carrier,
    tracking_number: shipment.trackingNumber,
    tracking_url: shipment.trackingUrl,
  });
  if (customer) await ctx.mailer.send(trackingMail(ctx.config, customer, order), trx);
  return true;
}
