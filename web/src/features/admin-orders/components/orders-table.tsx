import { cutText, formatRupees, NAME_CUT, type AdminOrder } from '@shop/shared';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Cell, DataTable, IdText } from '@/components/ui/data-table';
import { OrderStatus } from '@/components/ui/order-status';
import { formatDate } from '@/lib/format-date';
import { DeliverButton } from './deliver-button';

const columns = ['Order', 'Buyer', 'Product', 'Quantity', 'Total', 'Date', 'Status', 'Action'] as const;

/** Every order with who bought it, each linked to its page; an order not yet delivered can be marked so. */
export function OrdersTable({ orders }: { orders: AdminOrder[] }) {
  const regionRef = useRef<HTMLDivElement>(null);
  const focusTable = () => regionRef.current?.focus();
  return (
    <DataTable ref={regionRef} caption="Orders" columns={columns} stackBelow="xl">
      {orders.map((order) => (
        <tr key={order._id}>
          <Cell label="Order">
            <Link
              to={`/admin/orderList/${encodeURIComponent(order._id)}`}
              className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
              aria-label={`Open order ${order._id}`}
            >
              <IdText id={order._id} />
            </Link>
            {order.testPayment && (
              <span className="mt-1 block w-fit rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                Test payment
              </span>
            )}
          </Cell>
          <Cell label="Buyer" className="min-w-40">
            <span className="block font-medium text-slate-900">{order.buyer.name}</span>
            <span className="block text-xs text-slate-600">
              <BreakableEmail email={order.buyer.email} />
            </span>
          </Cell>
          <Cell label="Product" className="min-w-36">
            <span title={order.orderItem.name}>{cutText(order.orderItem.name, NAME_CUT.adminList)}</span>
          </Cell>
          <Cell label="Quantity">{order.orderItem.quantity}</Cell>
          <Cell label="Total" className="whitespace-nowrap">
            {formatRupees(order.paymentDetails.orderAmount)}
          </Cell>
          <Cell label="Date" className="whitespace-nowrap">
            <time dateTime={order.time}>{formatDate(order.time)}</time>
          </Cell>
          <Cell label="Status" className="whitespace-nowrap">
            <OrderStatus status={order.status} refund={order.refund} />
          </Cell>
          <Cell label="Action">
            {(order.status === 'placed' || order.status === 'shipped') && (
              <DeliverButton order={order} onDelivered={focusTable} />
            )}
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}

/** A long address may wrap before its @, not in the middle of a word. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
