import { cutText, formatRupees, messages, NAME_CUT, type Order } from '@shop/shared';
import { PackageX } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { LoadError } from '@/components/ui/load-error';
import { OrderStatus } from '@/components/ui/order-status';
import { ProductImage } from '@/components/ui/product-image';
import { Loading } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format-date';
import { useOrder } from '../api/get-order';
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
      <DetailSection title="Order details">
        <DetailList
          items={[
            ['Order ID', <span className="font-mono text-sm">{paymentDetails.orderId}</span>],
            ['Transaction ID', <span className="font-mono text-sm">{paymentDetails.transactionId}</span>],
            ['Total', formatRupees(paymentDetails.orderAmount)],
            ['Date', <time dateTime={order.time}>{formatDateTime(order.time)}</time>],
            ['Status', <OrderStatus isDelivered={order.isDelivered} />],
          ]}
        />
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
      <TextLink to="/orders" className="text-sm md:col-span-2">
        Back to my orders
      </TextLink>
    </div>
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
