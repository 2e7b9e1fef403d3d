import type { Review } from '@shop/shared';
import { Card } from '@/components/ui/card';
import { Loading } from '@/components/ui/spinner';

/** The review form's heading: the shopper's first review or an edit of theirs. */
export function reviewFormTitle(ownReview?: Review): string {
  return ownReview ? 'Your review' : 'Rate this product';
}

/** The review form's box while its code loads: the same heading and height, so nothing below moves. */
export function ReviewFormPlaceholder({ ownReview }: { ownReview?: Review }) {
  return (
    <Card className="min-h-[27rem] p-5 sm:p-6">
      <h2 className="text-xl font-bold text-slate-900">{reviewFormTitle(ownReview)}</h2>
      <Loading label="Loading the review form…" />
    </Card>
  );
}
