import { cn } from '@/lib/cn';

type PasswordToggleProps = { open: boolean; onToggle: () => void; controls: string };

/** The spec's 'Change Password' switch: a real button that shows or hides the password fields. */
export function PasswordToggle({ open, onToggle, controls }: PasswordToggleProps) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className="flex min-h-11 items-center gap-3 rounded-lg text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-700"
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors',
          open ? 'bg-indigo-700' : 'bg-slate-500',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 size-5 rounded-full bg-white shadow transition-all',
            open ? 'left-5.5' : 'left-0.5',
          )}
        />
      </span>
      Change Password
    </button>
  );
}
