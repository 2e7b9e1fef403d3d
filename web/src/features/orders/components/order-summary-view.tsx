import { cutText, formatRupees, messages, NAME_CUT, orderMessages, type Order } from '@shop/shared';
import { PackageX } from 'lucide-react';
import { useRef } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { LoadError } from '@/components/ui/load-error';
import { OrderStatus } from '@/components/ui/order-status';
import { ProductImage } from '@/components/ui/product-image';
import { TaxDocumentLinks } from '@/components/ui/tax-document-links';
import { Loading } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format-date';
import { useFocusAfterChange } from '@/lib/keep-focus';
import { useOrder } from '../api/get-order';
import { useOrders } from '../api/get-orders';
import { CancelOrderButton } from './cancel-order-button';
import { TrackingDetails } from './tracking-details';
import { DetailList } from './detail-list';
import { DetailSection } from './detail-section';

/** Spec section 2: item details, recipient, order details and shipping address. */
export function OrderSummaryView({ id }: { id: string }) {
  const order = useOrder(id);
  if (order.isPending) return <Loading label="Loading the order…" />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <OrderNotFound />;
    return (
      <LoadError
        title={messages.orderLoadFailed}
        detail={order.error.message}
        onRetry={() => void order.refetch()}
      />
    );
  }
  return <OrderDetails order={order.data} />;
}

function OrderDetails({ order }: { order: Order }) {
  const { orderItem, sent_to, paymentDetails, shippingAddress } = order;
  // Cancelled from this page, the Cancel button is gone and the focus with it: it goes to the
  // section that now reads the new status, not back to the top of the page.
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  useFocusAfterChange(order.status, () => detailsHeading.current);
  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <DetailSection title="Item details">
        <div className="flex items-center gap-4">
          <ProductImage
            src={orderItem.image}
            alt=""
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-lg bg-slate-100 object-contain p-1"
          />
          <div className="min-w-0 flex-1">
            <DetailList
              items={[
                [
                  'Name',
                  <TextLink to={`/item/${encodeURIComponent(orderItem.productId)}`} title={orderItem.name}>
                    {cutText(orderItem.name, NAME_CUT.orderSummary)}
                  </TextLink>,
                ],
                ['Price', formatRupees(orderItem.price)],
                ['Quantity', orderItem.quantity],
              ]}
            />
          </div>
        </div>
      </DetailSection>
      <DetailSection title="Recipient">
        <DetailList
          items={[
            ['Name', sent_to.name],
            ['Email', sent_to.email],
            ['Phone', sent_to.phone],
          ]}
        />
      </DetailSection>
      <DetailSection title="Order details" headingRef={detailsHeading}>
        <DetailList
          items={[
            ['Order ID', <span className="font-mono text-sm">{paymentDetails.orderId}</span>],
            ['Transaction ID', <span className="font-mono text-sm">{paymentDetails.transactionId}</span>],
            ['Total', formatRupees(paymentDetails.orderAmount)],
            ['Date', <time dateTime={order.time}>{formatDateTime(order.time)}</time>],
            ['Status', <OrderStatus status={order.status} refund={order.refund} />],
          ]}
        />
        {order.shipment && order.status !== 'cancelled' && (
          <TrackingDetails shipment={order.shipment} className="mt-3 text-sm text-slate-800" />
        )}
        <TaxDocumentLinks
          documents={order.taxDocuments}
          base={`/api/user/orders/${encodeURIComponent(order._id)}`}
        />
        {order.status === 'placed' && (
          <div className="mt-4">
            <CancelOrderButton order={order} />
          </div>
        )}
      </DetailSection>
      <DetailSection title="Shipping address">
        <DetailList
          items={[
            ['Street Address', shippingAddress.streetAddress],
            ['Town', shippingAddress.town],
            ['Pincode', shippingAddress.pincode],
            ['State', shippingAddress.state],
            ['Country', shippingAddress.country],
          ]}
        />
      </DetailSection>
      <SameCheckout order={order} />
      <TextLink to="/orders" className="text-sm md:col-span-2">
        Back to my orders
      </TextLink>
    </div>
  );
}

/** The spec keeps one order per cart line: the other lines paid together, and what they came to. */
function SameCheckout({ order }: { order: Order }) {
  const orders = useOrders();
  const together = (orders.data ?? []).filter(
    (o) => o.paymentDetails.orderId === order.paymentDetails.orderId,
  );
  if (together.length < 2) return null;
  const total = together.reduce((sum, o) => sum + Math.round(o.paymentDetails.orderAmount * 100), 0) / 100;
  return (
    <DetailSection title={orderMessages.sameCheckout}>
      <ul className="divide-y divide-slate-200">
        {together.map((o) => (
          <li key={o._id} className="flex items-center justify-between gap-4 py-2">
            {o._id === order._id ? (
              <span className="font-medium">{cutText(o.orderItem.name, NAME_CUT.orderSummary)}</span>
            ) : (
              <TextLink to={`/orderSummary/${encodeURIComponent(o._id)}`} title={o.orderItem.name}>
                {cutText(o.orderItem.name, NAME_CUT.orderSummary)}
              </TextLink>
            )}
            <span className="whitespace-nowrap">
              {o.orderItem.quantity} × {formatRupees(o.orderItem.price)}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex justify-between font-semibold">
        <span>{orderMessages.checkoutTotal}</span>
        <span>{formatRupees(total)}</span>
      </p>
    </DetailSection>
  );
}

function OrderNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      <PackageX aria-hidden="true" className="size-10 text-slate-500" />
      <p className="font-semibold text-slate-900">{messages.orderNotFound}</p>
      <ButtonLink to="/orders">Back to my orders</ButtonLink>
    </div>
  );
}
