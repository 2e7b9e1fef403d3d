import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'block min-h-28 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900',
        'placeholder:text-slate-500 focus-visible:border-indigo-700 focus-visible:outline-2',
        'focus-visible:outline-offset-0 focus-visible:outline-indigo-700',
        'aria-invalid:border-red-700 aria-invalid:focus-visible:outline-red-700',
        className,
      )}
      {...props}
    />
  );
}
