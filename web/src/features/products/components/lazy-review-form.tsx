import { messages, type Review } from '@shop/shared';
import { startTransition, useEffect, useRef, useState, type ComponentType } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { ReviewFormPlaceholder } from './review-form-placeholder';

type ReviewFormProps = { productId: string; ownReview?: Review };

let loaded: ComponentType<ReviewFormProps> | undefined;
const load = () =>
  import('./review-form').then((module) => {
    loaded = module.ReviewForm;
    return loaded;
  });

/**
 * The review form and its checks (react-hook-form, the zod schema) load when the form's box comes
 * into view: on a phone it is below the product, and loading it at once would keep the page busy
 * just as the shopper starts to read and tap. Not React.lazy: a suspended form inside the product's
 * render would hold the whole product back (React paces the reveal of content that suspended), so
 * the placeholder renders until the code is in.
 */
export function LazyReviewForm(props: ReviewFormProps) {
  const [Form, setForm] = useState(() => loaded);
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (Form || !box.current) return;
    let live = true;
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      seen.disconnect();
      // A transition: the form renders in slices, with the page free to scroll meanwhile.
      void load().then(
        (component) => live && startTransition(() => setForm(() => component)),
        () => live && setFailed(true),
      );
    });
    seen.observe(box.current);
    return () => {
      live = false;
      seen.disconnect();
    };
  }, [Form]);
  if (Form) return <Form {...props} />;
  // The browser keeps a failed module's failure for the page's life: a new visit tries again.
  if (failed)
    return <LoadError title={messages.reviewFormLoadFailed} onRetry={() => window.location.reload()} />;
  return (
    <div ref={box}>
      <ReviewFormPlaceholder ownReview={props.ownReview} />
    </div>
  );
}
