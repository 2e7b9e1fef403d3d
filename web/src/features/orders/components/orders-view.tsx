import { formatRupees, messages, type Order } from '@shop/shared';
import { PackageOpen } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { LoadError } from '@/components/ui/load-error';
import { OrderStatus } from '@/components/ui/order-status';
import { ProductImage } from '@/components/ui/product-image';
import { Loading } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { formatDate } from '@/lib/format-date';
import { useOrders } from '../api/get-orders';
import { TrackingDetails } from './tracking-details';

/** Spec section 2: each order with image, product link, status and 'see order'. */
export function OrdersView() {
  const orders = useOrders();
  if (orders.isPending) return <Loading label="Loading your orders…" />;
  if (orders.isError) {
    return (
      <LoadError
        title={messages.ordersLoadFailed}
        detail={orders.error.message}
        onRetry={() => void orders.refetch()}
      />
    );
  }
  if (orders.data.length === 0) return <NoOrders />;
  return (
    <ul aria-label="Orders" className="space-y-4">
      {orders.data.map((order) => (
        <OrderRow key={order._id} order={order} />
      ))}
    </ul>
  );
}

function OrderRow({ order }: { order: Order }) {
  const { orderItem } = order;
  return (
    <li className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:p-5">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <ProductImage
          src={orderItem.image}
          alt=""
          width={80}
          height={80}
          className="size-20 shrink-0 rounded-lg bg-slate-100 object-contain p-1"
        />
        <div className="min-w-0 space-y-1.5">
          <TextLink to={`/item/${encodeURIComponent(orderItem.productId)}`} className="wrap-anywhere">
            {orderItem.name}
          </TextLink>
          <p className="text-sm text-slate-600">
            Quantity {orderItem.quantity} · <time dateTime={order.time}>{formatDate(order.time)}</time>
          </p>
          <OrderStatus status={order.status} refund={order.refund} />
          {order.status === 'shipped' && order.shipment && (
            <TrackingDetails shipment={order.shipment} className="text-sm text-slate-700" />
          )}
        </div>
      </div>
      <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end">
        <p className="text-lg font-bold text-slate-900">{formatRupees(order.paymentDetails.orderAmount)}</p>
        <TextLink
          to={`/orderSummary/${encodeURIComponent(order._id)}`}
          aria-label={`see order ${orderItem.name}`}
          className="inline-flex min-h-11 items-center"
        >
          see order
        </TextLink>
      </div>
    </li>
  );
}

function NoOrders() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      <PackageOpen aria-hidden="true" className="size-10 text-slate-500" />
      <p className="text-slate-700">{messages.noOrders}</p>
      <ButtonLink to="/userDashboard">Browse products</ButtonLink>
    </div>
  );
}
