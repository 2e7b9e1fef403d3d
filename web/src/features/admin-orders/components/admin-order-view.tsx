import { formatRupees, messages, orderMessages, type AdminOrderDetail } from '@shop/shared';
import { Printer } from 'lucide-react';
import { useRef, type ReactNode, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { OrderStatus } from '@/components/ui/order-status';
import { Loading } from '@/components/ui/spinner';
import { TaxDocumentLinks } from '@/components/ui/tax-document-links';
import { TextLink } from '@/components/ui/text-link';
import { formatDateTime } from '@/lib/format-date';
import { useFocusAfterChange } from '@/lib/keep-focus';
import { useAdminOrder } from '../api/admin-order';
import { OrderActions } from './order-actions';
import { OrderHistory } from './order-history';
import { RefundList } from './refund-list';

/**
 * /admin/orderList/:id: everything to pack, ship and answer for one order, the
 * other orders of its checkout beside it. Printed, it is a packing slip: the
 * items and where they go, without the actions, payment and history.
 */
export function AdminOrderView({ id }: { id: string }) {
  const detail = useAdminOrder(id);
  if (detail.isPending) return <Loading label="Loading the order…" />;
  if (detail.isError) {
    return (
      <LoadError
        title={messages.orderLoadFailed}
        detail={detail.error.message}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  return <OrderPage detail={detail.data} />;
}

function Section({
  title,
  children,
  print = true,
  headingRef,
}: {
  title: string;
  children: ReactNode;
  print?: boolean;
  /** Given, the heading can take the focus (tabIndex -1), for the page to move it there. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <Card className={print ? 'p-5 print:p-0 print:shadow-none print:ring-0' : 'p-5 print:hidden'}>
      <section aria-label={title}>
        <h3
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="mb-3 text-lg font-bold text-slate-900 focus:outline-none"
        >
          {title}
        </h3>
        {children}
      </section>
    </Card>
  );
}

function OrderPage({ detail }: { detail: AdminOrderDetail }) {
  const { order, checkout, payment } = detail;
  const address = order.shippingAddress;
  // Shipped, delivered, returned or refunded from this page, the form or button used is gone and
  // the focus with it: it goes to the status history, which now reads the new state.
  const historyHeading = useRef<HTMLHeadingElement>(null);
  useFocusAfterChange(`${order.status} ${order.refund?.amount ?? 0}`, () => historyHeading.current);
  return (
    <div data-packing-slip className="grid grid-cols-1 gap-5 print:block print:space-y-4 print:text-black">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-mono text-sm break-all text-slate-700">Order {order._id}</p>
        <div className="flex flex-wrap items-center gap-3 print:hidden">
          <OrderStatus status={order.status} refund={order.refund} />
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" /> Print packing slip
          </Button>
        </div>
      </div>
      <Section title="Items">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Items of this checkout</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2">
                Item
              </th>
              <th scope="col" className="py-2 pl-3 text-right">
                Qty
              </th>
              <th scope="col" className="hidden py-2 pl-3 text-right sm:table-cell">
                Price
              </th>
              <th scope="col" className="py-2 pl-3 text-right">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {checkout.orders.map((o) => (
              <tr key={o._id} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-2 wrap-anywhere">
                  {o._id === order._id ? (
                    <strong>{o.orderItem.name}</strong>
                  ) : (
                    <TextLink to={`/admin/orderList/${encodeURIComponent(o._id)}`}>
                      {o.orderItem.name}
                    </TextLink>
                  )}
                  {/* On a phone the price column gives way to this line, so the table fits. */}
                  <span className="block text-xs text-slate-600 sm:hidden">
                    {formatRupees(o.orderItem.price)} each
                  </span>
                  <span className="block text-xs text-slate-600 print:hidden">
                    <OrderStatus status={o.status} refund={o.refund} />
                  </span>
                </td>
                <td className="py-2 pl-3 text-right">{o.orderItem.quantity}</td>
                <td className="hidden py-2 pl-3 text-right whitespace-nowrap sm:table-cell">
                  {formatRupees(o.orderItem.price)}
                </td>
                <td className="py-2 pl-3 text-right whitespace-nowrap">
                  {formatRupees(o.paymentDetails.orderAmount)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="py-2 text-right">
                {orderMessages.checkoutTotal}
              </th>
              <td className="hidden sm:table-cell" />
              <td className="py-2 pl-3 text-right font-bold whitespace-nowrap">
                {formatRupees(checkout.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </Section>
      <div className="grid gap-5 md:grid-cols-2 print:grid-cols-2">
        <Section title="Recipient">
          <dl className="space-y-1 text-sm">
            <Row label="Name" value={order.sent_to.name} />
            <Row label="Email" value={order.sent_to.email} />
            <Row label="Phone" value={order.sent_to.phone} />
          </dl>
        </Section>
        <Section title="Shipping address">
          <address className="text-sm whitespace-pre-line not-italic">
            {[
              order.sent_to.name,
              address.streetAddress,
              `${address.town} ${address.pincode}`,
              address.state,
              address.country,
            ]
              .filter(Boolean)
              .join('\n')}
          </address>
        </Section>
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <Section title="Payment" print={false}>
          <dl className="space-y-1 text-sm">
            <Row label="Payment ID" value={<span className="font-mono break-all">{payment.id}</span>} />
            <Row label="Method" value={payment.method} />
            <Row
              label="Provider"
              value={order.testPayment ? 'Test gateway (no money moved)' : payment.provider}
            />
            <Row label="Placed" value={<time dateTime={order.time}>{formatDateTime(order.time)}</time>} />
            <Row label="Buyer" value={`${order.buyer.name} (${order.buyer.email})`} />
          </dl>
          <TaxDocumentLinks
            documents={order.taxDocuments}
            base={`/api/admin/orders/${encodeURIComponent(order._id)}`}
          />
        </Section>
        <Section title={orderMessages.statusHistory} print={false} headingRef={historyHeading}>
          <OrderHistory history={detail.history} />
        </Section>
      </div>
      <Section title="Refunds" print={false}>
        <RefundList refunds={detail.refunds} />
      </Section>
      <Section title="Actions" print={false}>
        <OrderActions order={order} />
      </Section>
    </div>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold text-slate-700">{label}:</dt>
      <dd className="min-w-0 text-slate-900">{value}</dd>
    </div>
  );
}
