import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';

type IconLinkProps = Omit<LinkProps, 'aria-label' | 'children'> & {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  icon: ReactNode;
};

/** A link showing only an icon, sized like IconButton; it takes the text colour around it. */
export function IconLink({ label, icon, className, ...props }: IconLinkProps) {
  return (
    <Link
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-lg transition-colors',
        'hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700',
        className,
      )}
      {...props}
    >
      {icon}
    </Link>
  );
}
