import { messages, type Review, groupIndian } from '@shop/shared';
import { BadgeCheck, MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { StarRating } from '@/components/ui/star-rating';
import { formatDate } from '@/lib/format-date';

/**
 * Spec section 2: the latest reviews with rating, comment and 'By {name}';
 * names and comments are plain text. `total`: how many the product has, when
 * the page carries only the latest of a longer list.
 */
export function ReviewList({ reviews, total }: { reviews: Review[]; total?: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        Reviews
      </h2>
      {total !== undefined && (
        <p className="mt-1 text-sm text-slate-700">
          The latest {groupIndian(reviews.length)} of {groupIndian(total)} reviews
        </p>
      )}
      {reviews.length === 0 ? (
        <p className="mt-4 flex items-center gap-3 rounded-2xl bg-white p-5 text-slate-700 ring-1 ring-slate-200">
          <MessageSquare aria-hidden="true" className="size-5 shrink-0 text-indigo-700" />
          {messages.noReviews}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {reviews.map((review) => (
            <li key={review.userId} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <StarRating rating={review.rating} />
                <time dateTime={review.updatedAt} className="text-sm text-slate-600">
                  {formatDate(review.updatedAt)}
                </time>
              </div>
              <p className="mt-3 wrap-anywhere whitespace-pre-line text-slate-800">{review.comment}</p>
              <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="text-sm font-medium text-slate-700">By {review.name}</p>
                {review.verifiedPurchase && <VerifiedBadge />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {messages.verifiedPurchase}
    </span>
  );
}
