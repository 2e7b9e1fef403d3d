import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-700 text-white shadow-sm hover:bg-indigo-800 active:bg-indigo-900',
  secondary: 'bg-white text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50',
  ghost: 'text-slate-900 hover:bg-slate-100',
};

export function buttonStyles(variant: ButtonVariant = 'primary', className?: string): string {
  return cn(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold',
    'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700',
    'disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70',
    variants[variant],
    className,
  );
}

type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; loading?: boolean };

/**
 * A real <button>; while loading it keeps its name and shows a spinner. A loading button is
 * aria-disabled, not disabled: a disabled one drops the keyboard's focus to the page, so after a
 * failed request the customer would start again from the top. Its clicks (and a form's Enter,
 * which clicks it) do nothing meanwhile.
 */
export function Button({
  variant,
  loading = false,
  className,
  disabled,
  onClick,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type="button"
      className={buttonStyles(variant, className)}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
