import { messages } from '@shop/shared';
import { PackageX } from 'lucide-react';
import { useDeferredValue } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { DocumentTitle } from '@/components/ui/document-title';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { lastListUrl } from '@/lib/last-list';
import { useProduct } from '../api/get-product';
import { ProductDetails } from './product-details';
import { LazyReviewForm } from './lazy-review-form';
import { ReviewList } from './review-list';

/** Product detail: the product, the user's review form and the latest reviews. */
export function ProductView({ id }: { id: string }) {
  const answer = useProduct(id);
  // The product renders in a transition once its data is in: React draws it in slices with the
  // browser free in between, and the loading box stays until it is done.
  const data = useDeferredValue(answer.data);

  if (answer.isError) {
    if (answer.error instanceof ApiError && answer.error.status === 404) return <ProductNotFound />;
    return (
      <LoadError
        title={messages.productLoadFailed}
        detail={answer.error.message}
        onRetry={() => void answer.refetch()}
      />
    );
  }
  // A screen high while loading, so the footer does not jump down when the product arrives.
  // The key keeps this box from being reused as one of the product's own boxes: the browser
  // would count the reused box moving down as a layout shift.
  if (!data)
    return (
      <div key="loading" className="min-h-dvh">
        <Loading label="Loading the product…" />
      </div>
    );

  const { product, userId } = data;
  // The page shows the latest reviews; the server adds the shopper's own when it may be older.
  const ownReview = product.reviews.find((review) => review.userId === userId) ?? data.ownReview ?? undefined;
  return (
    <>
      <DocumentTitle title={product.name} />
      <ProductDetails product={product} />
      <div className="mt-12 grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <LazyReviewForm productId={product._id} ownReview={ownReview} />
        <ReviewList
          reviews={product.reviews}
          // The server adds ownReview only when the reviews shown are the latest of more.
          total={data.ownReview === undefined ? undefined : product.numReviews}
        />
      </div>
    </>
  );
}

function ProductNotFound() {
  return (
    <div className="py-12 text-center">
      <DocumentTitle title={messages.productNotFound} />
      <PackageX aria-hidden="true" className="mx-auto size-12 text-slate-500" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{messages.productNotFound}</h1>
      <ButtonLink to={lastListUrl()} className="mt-8">
        Back to products
      </ButtonLink>
    </div>
  );
}
