import { messages, type Review } from '@shop/shared';
import { MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { StarRating } from '@/components/ui/star-rating';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Spec section 2: the latest reviews with rating, comment and 'By {name}'; names and comments are plain text. */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        Reviews
      </h2>
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
              <p className="mt-3 break-words whitespace-pre-line text-slate-800">{review.comment}</p>
              <p className="mt-3 text-sm font-medium text-slate-700">By {review.name}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
