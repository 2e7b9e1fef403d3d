import { paiseToRupees, type Order } from '@shop/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { OrdersTable } from '../../db/schema.js';

/** The one place order rows become the spec's shape (section 3). */
export function toOrder(row: Selectable<OrdersTable>): Order {
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
  };
}

export async function ordersOfCheckout(db: Db, checkoutId: string): Promise<Order[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('checkout_id', '=', checkoutId)
    .orderBy('product_id')
    .execute();
  return rows.map(toOrder);
}
