import { CircleAlert, Info } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { CheckoutNotice as Notice } from '../hooks/use-checkout';

/** The outcome of the last attempt (declined, cancelled, refused), announced when it appears. */
export function CheckoutNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  const Icon = notice.tone === 'error' ? CircleAlert : Info;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-lg p-3 text-sm font-medium ring-1',
        notice.tone === 'error'
          ? 'bg-red-50 text-red-800 ring-red-200'
          : 'bg-sky-50 text-sky-900 ring-sky-200',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {notice.text}
    </div>
  );
}
