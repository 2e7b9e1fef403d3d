import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Decorative: the surrounding text or button says what is happening. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('animate-spin', className)} />;
}

/** A loading line for screen readers and eyes alike. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-10 text-slate-600">
      <Spinner className="size-5" />
      {label}
    </p>
  );
}
