import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

type IconButtonProps = Omit<ComponentProps<'button'>, 'aria-label' | 'children'> & {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  icon: ReactNode;
  /** Shows a spinner; the button keeps the focus meanwhile and ignores presses. */
  loading?: boolean;
  /**
   * Disabled, it stays focusable (aria-disabled, presses ignored), for a button pressed again and
   * again that turns disabled under the keyboard's focus: a cart quantity's minus and plus.
   */
  focusableWhenDisabled?: boolean;
};

/** A square button showing only an icon, at least 44 px for a finger; it takes the text colour around it. */
export function IconButton({
  label,
  icon,
  loading = false,
  disabled = false,
  focusableWhenDisabled = false,
  className,
  onClick,
  ...props
}: IconButtonProps) {
  const focusable = focusableWhenDisabled || !disabled;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={!focusable}
      aria-busy={loading || undefined}
      // Unusable but focusable, as Button is while loading: a disabled button drops the focus.
      aria-disabled={loading || disabled || undefined}
      onClick={loading || disabled ? (event) => event.preventDefault() : onClick}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-lg transition-colors',
        'hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700',
        'disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent',
        'aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent',
        className,
      )}
      {...props}
    >
      {loading ? <Spinner className="size-5" /> : icon}
    </button>
  );
}
