import { RotateCcw } from 'lucide-react';
import { Button } from './button';

type LoadErrorProps = { title: string; detail?: string; onRetry: () => void; className?: string };

/** A failed load: what failed, why (the API's readable message) and a Retry button. */
export function LoadError({ title, detail, onRetry, className }: LoadErrorProps) {
  return (
    <div role="alert" className={className}>
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <p className="font-semibold text-slate-900">{title}</p>
        {detail && <p className="mt-1 text-sm text-slate-700">{detail}</p>}
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Retry
        </Button>
      </div>
    </div>
  );
}
