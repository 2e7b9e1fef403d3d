import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A native <select> styled like Input; it still needs a <label>. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'block min-h-11 w-full appearance-none rounded-lg border border-slate-400 bg-white py-2 pr-8 pl-3',
          'text-base text-slate-900 focus-visible:border-indigo-700 focus-visible:outline-2',
          'aria-invalid:border-red-700 aria-invalid:focus-visible:outline-red-700',
          'focus-visible:outline-offset-0 focus-visible:outline-indigo-700',
          'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-600"
      />
    </div>
  );
}
