import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';

export function TextLink({ className, ...props }: LinkProps) {
  return (
    <Link
      className={cn(
        'rounded font-semibold text-indigo-700 underline-offset-4 hover:underline',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700',
        className,
      )}
      {...props}
    />
  );
}
