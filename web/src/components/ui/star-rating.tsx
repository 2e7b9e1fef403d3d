import { cn } from '@/lib/cn';
import { MAX_RATING, roundToHalf, starFills } from '@/lib/rating';
import { StarIcon } from './star-icon';

type StarRatingProps = { rating: number; className?: string; starClassName?: string };

/** A rating shown as five stars in half steps, read out as "Rated 3.5 out of 5". */
export function StarRating({ rating, className, starClassName = 'size-4' }: StarRatingProps) {
  const shown = roundToHalf(rating);
  return (
    <span
      role="img"
      aria-label={`Rated ${shown} out of ${MAX_RATING}`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {starFills(shown).map((fill, i) => (
        <StarIcon key={i} fill={fill} className={starClassName} />
      ))}
    </span>
  );
}
