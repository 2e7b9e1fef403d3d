import { formatRupees, orderMessages, type RefundEntry } from '@shop/shared';
import { Button } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { formatDateTime } from '@/lib/format-date';
import { useRefundAction } from '../api/admin-order';

const statusText = {
  pending: orderMessages.refundPending,
  processed: orderMessages.refunded,
  failed: orderMessages.refundFailed,
} as const;

/** Refunds with their state; a failed one shows why and can be retried, as can one never answered. */
export function RefundList({
  refunds,
  linkOrders = false,
}: {
  refunds: RefundEntry[];
  linkOrders?: boolean;
}) {
  if (refunds.length === 0) return <p className="text-sm text-slate-700">No refunds.</p>;
  return (
    <ul className="divide-y divide-slate-200 text-sm">
      {refunds.map((refund) => (
        <RefundItem key={refund._id} refund={refund} linkOrder={linkOrders} />
      ))}
    </ul>
  );
}

function RefundItem({ refund, linkOrder }: { refund: RefundEntry; linkOrder: boolean }) {
  const act = useRefundAction();
  const retryable = refund.status === 'failed' || (refund.status === 'pending' && !refund.providerRefundId);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {formatRupees(refund.amount)} · {statusText[refund.status]}
        </p>
        <p className="text-slate-700">
          <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time> · {refund.reason}
        </p>
        {refund.failureReason && <p className="wrap-anywhere text-red-800">{refund.failureReason}</p>}
        {linkOrder && (
          <p className="break-all text-slate-700">
            {refund.buyerEmail} ·{' '}
            {refund.orderId ? (
              <TextLink to={`/admin/orderList/${encodeURIComponent(refund.orderId)}`}>
                Order {refund.orderId}
              </TextLink>
            ) : (
              `Payment ${refund.paymentId}`
            )}
          </p>
        )}
      </div>
      {retryable && (
        <Button
          variant="secondary"
          loading={act.isPending}
          aria-label={`Retry refund of ${formatRupees(refund.amount)}`}
          onClick={() => act.mutate({ retry: refund._id })}
        >
          Retry refund
        </Button>
      )}
    </li>
  );
}
