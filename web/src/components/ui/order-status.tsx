import { formatRupees, ORDER_STATUS_TEXT, orderMessages, type Order } from '@shop/shared';
import { CircleX, PackageCheck, RotateCcw, Truck, Undo2 } from 'lucide-react';
import { cn } from '@/lib/cn';

const looks = {
  placed: { Icon: Truck, className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  shipped: { Icon: Truck, className: 'bg-sky-50 text-sky-900 ring-sky-200' },
  delivered: { Icon: PackageCheck, className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  cancelled: { Icon: CircleX, className: 'bg-slate-100 text-slate-800 ring-slate-300' },
  returned: { Icon: Undo2, className: 'bg-slate-100 text-slate-800 ring-slate-300' },
} as const;

const refundText = {
  processed: orderMessages.refunded,
  pending: orderMessages.refundPending,
  failed: orderMessages.refundFailed,
} as const;

/**
 * The order's state: 'Order Placed' or 'Order Delivered' as the spec has them
 * (section 4), or one of the states added after payment; a refund and its amount beside it.
 */
export function OrderStatus({
  status,
  refund,
  className,
}: Pick<Order, 'status'> & { refund?: Order['refund']; className?: string }) {
  const { Icon, className: look } = looks[status];
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5', className)}>
      <span
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1',
          look,
        )}
      >
        <Icon aria-hidden="true" className="size-3.5" />
        {ORDER_STATUS_TEXT[status]}
      </span>
      {refund && (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-violet-50 px-2.5 py-1 text-xs font-semibold text-violet-900 ring-1 ring-violet-200">
          <RotateCcw aria-hidden="true" className="size-3.5" />
          {/* With its amount: a part refunded must not read as the whole. */}
          {refundText[refund.status]} {formatRupees(refund.amount)}
        </span>
      )}
    </span>
  );
}
