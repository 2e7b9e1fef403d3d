import { messages } from '@shop/shared';
import { cn } from '@/lib/cn';

export function OutOfStockBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-red-50 px-2.5 py-1 text-xs font-semibold text-red-800 ring-1 ring-red-200',
        className,
      )}
    >
      {messages.outOfStock}
    </span>
  );
}
