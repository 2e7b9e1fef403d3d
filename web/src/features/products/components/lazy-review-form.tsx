import type { Review } from '@shop/shared';
import { useEffect, useState, type ComponentType } from 'react';
import { ReviewFormPlaceholder } from './review-form-placeholder';

type ReviewFormProps = { productId: string; ownReview?: Review };

let loaded: ComponentType<ReviewFormProps> | undefined;
const load = () =>
  import('./review-form').then((module) => {
    loaded = module.ReviewForm;
    return loaded;
  });

/**
 * The review form and its checks (react-hook-form, the zod schema) load once the product is on
 * screen. Not React.lazy: a suspended form inside the product's render would hold the whole
 * product back (React paces the reveal of content that suspended), so the placeholder renders
 * until the code is in.
 */
export function LazyReviewForm(props: ReviewFormProps) {
  const [Form, setForm] = useState(() => loaded);
  useEffect(() => {
    if (Form) return;
    let live = true;
    void load().then((component) => live && setForm(() => component));
    return () => {
      live = false;
    };
  }, [Form]);
  return Form ? <Form {...props} /> : <ReviewFormPlaceholder ownReview={props.ownReview} />;
}
