import { paiseToRupees, type Order, type RefundStatus } from '@shop/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.js';
import { creditNoteSubject } from '../gst/credit-note.js';

/** An order's refunds taken together: paise refunded or on their way, and the latest one's state. */
export type RefundSummary = { status: RefundStatus; amountPaise: number };

/** The one place order rows become the spec's shape (section 3), with the states added on top. */
export function toOrder(
  row: Selectable<OrdersTable>,
  refund?: RefundSummary,
  taxDocuments: Order['taxDocuments'] = null,
): Order {
  const isDelivered = row.is_delivered === 1;
  return {
    _id: row.id,
    orderItem: {
      productId: row.product_id,
      name: row.name,
      image: row.image,
      price: paiseToRupees(Number(row.price_paise)),
      quantity: row.quantity,
    },
    sent_to: { name: row.recipient_name, email: row.recipient_email, phone: row.recipient_phone },
    paymentDetails: {
      orderId: row.provider_order_id,
      transactionId: row.transaction_id,
      orderAmount: paiseToRupees(Number(row.amount_paise)),
      isDelivered,
    },
    shippingAddress: {
      streetAddress: row.street_address,
      town: row.town,
      pincode: row.pincode,
      state: row.state,
      country: row.country,
    },
    time: row.created_at,
    isDelivered,
    status: row.status,
    shipment:
      row.carrier !== null && row.tracking_number !== null
        ? { carrier: row.carrier, trackingNumber: row.tracking_number, trackingUrl: row.tracking_url }
        : null,
    refund: refund ? { status: refund.status, amount: paiseToRupees(refund.amountPaise) } : null,
    taxDocuments,
  };
}

/**
 * The refund summaries of these orders, in one read: the amount counts the
 * refunds not failed; the state is the latest refund's.
 */
export async function refundSummaries(
  db: Kysely<Database>,
  orderIds: string[],
): Promise<Map<string, RefundSummary>> {
  const summaries = new Map<string, RefundSummary>();
  if (orderIds.length === 0) return summaries;
  const rows = await db
    .selectFrom('refunds')
    .select(['order_id', 'status', 'amount_paise', 'created_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    if (!row.order_id) continue;
    const before = summaries.get(row.order_id);
    const counted = row.status === 'failed' ? 0 : Number(row.amount_paise);
    summaries.set(row.order_id, {
      status: row.status,
      amountPaise: (before?.amountPaise ?? 0) + counted,
    });
  }
  return summaries;
}

/** Rows to orders with their refunds and tax documents. */
export async function toOrders(db: Kysely<Database>, rows: Selectable<OrdersTable>[]): Promise<Order[]> {
  const refunds = await refundSummaries(
    db,
    rows.map((r) => r.id),
  );
  const documents = await taxDocumentsOf(db, rows);
  return rows.map((row) => toOrder(row, refunds.get(row.id), documents(row)));
}

/** The invoice numbers of these orders' sales and their own credit notes' numbers, in one read. */
export async function taxDocumentsOf(
  db: Kysely<Database>,
  rows: Pick<Selectable<OrdersTable>, 'id' | 'checkout_id'>[],
): Promise<(row: Pick<Selectable<OrdersTable>, 'id' | 'checkout_id'>) => Order['taxDocuments']> {
  const checkouts = [...new Set(rows.map((r) => r.checkout_id))];
  const found =
    checkouts.length === 0
      ? []
      : await db
          .selectFrom('tax_documents')
          .select(['subject', 'number'])
          .where('checkout_id', 'in', checkouts)
          .execute();
  const numbers = new Map(found.map((d) => [d.subject, d.number]));
  return (row) => {
    const invoice = numbers.get(`invoice:${row.checkout_id}`);
    if (!invoice) return null;
    const creditNotes: string[] = [];
    for (let n = 1; numbers.has(creditNoteSubject(row.id, n)); n += 1) {
      creditNotes.push(numbers.get(creditNoteSubject(row.id, n))!);
    }
    return { invoice, creditNote: creditNotes[0] ?? null, creditNotes };
  };
}

export async function ordersOfCheckout(db: Kysely<Database>, checkoutId: string): Promise<Order[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('checkout_id', '=', checkoutId)
    .orderBy('product_id')
    .execute();
  return toOrders(db, rows);
}
