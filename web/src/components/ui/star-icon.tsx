import { Star, StarHalf } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { StarFill } from '@/lib/rating';

const filled = 'fill-amber-400 text-amber-500';
const empty = 'fill-slate-200 text-slate-400';

/** One decorative star; a half star is an empty star with its left half filled on top. */
export function StarIcon({ fill, className }: { fill: StarFill; className?: string }) {
  if (fill === 'half') {
    return (
      <span aria-hidden="true" className={cn('relative inline-block shrink-0', className)}>
        <Star className={cn('absolute inset-0 size-full', empty)} />
        <StarHalf className={cn('absolute inset-0 size-full', filled)} />
      </span>
    );
  }
  return <Star aria-hidden="true" className={cn('shrink-0', fill === 'full' ? filled : empty, className)} />;
}
