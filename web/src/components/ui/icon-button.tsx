import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

type IconButtonProps = Omit<ComponentProps<'button'>, 'aria-label' | 'children'> & {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  icon: ReactNode;
  loading?: boolean;
};

/** A square button showing only an icon, at least 44 px for a finger; it takes the text colour around it. */
export function IconButton({ label, icon, loading = false, disabled, className, ...props }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-lg transition-colors',
        'hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700',
        'disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent',
        className,
      )}
      {...props}
    >
      {loading ? <Spinner className="size-5" /> : icon}
    </button>
  );
}
