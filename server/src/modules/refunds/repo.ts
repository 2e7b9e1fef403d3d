import { paiseToRupees, type RefundEntry } from '@shop/shared';
import type { Selectable } from 'kysely';
import type { RefundsTable } from '../../db/schema.js';

/** A refund row as the admin panel shows it. */
export function toRefundEntry(row: Selectable<RefundsTable> & { buyer_email: string | null }): RefundEntry {
  return {
    _id: row.id,
    orderId: row.order_id,
    checkoutId: row.checkout_id,
    paymentId: row.payment_id,
    amount: paiseToRupees(Number(row.amount_paise)),
    status: row.status,
    providerRefundId: row.provider_refund_id,
    failureReason: row.failure_reason,
    reason: row.reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    buyerEmail: row.buyer_email ?? '',
  };
}
