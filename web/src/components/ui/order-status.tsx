import { messages } from '@shop/shared';
import { PackageCheck, Truck } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Spec section 4: 'Order Placed' or 'Order Delivered', from isDelivered. */
export function OrderStatus({ isDelivered, className }: { isDelivered: boolean; className?: string }) {
  const Icon = isDelivered ? PackageCheck : Truck;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1',
        isDelivered
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
          : 'bg-amber-50 text-amber-900 ring-amber-200',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {isDelivered ? messages.orderDelivered : messages.orderPlaced}
    </span>
  );
}
