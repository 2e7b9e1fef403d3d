import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_COMMENT_LENGTH, reviewInputSchema, type Review, type ReviewInput } from '@shop/shared';
import { useId } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { StarRatingInput } from '@/components/ui/star-rating-input';
import { Textarea } from '@/components/ui/textarea';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSaveReview } from '../api/save-review';
import { reviewFormTitle } from './review-form-placeholder';

/** The product id comes from the page, not the form. */
const reviewFormSchema = reviewInputSchema.omit({ productId: true });
type ReviewFormValues = Omit<ReviewInput, 'productId'>;

type ReviewFormProps = {
  productId: string;
  /** The user's review of this product, if any. */ ownReview?: Review;
};

/** One review per user and product: 'Give Review' the first time, 'Edit Review' after. */
export function ReviewForm({ productId, ownReview }: ReviewFormProps) {
  const headingId = useId();
  const commentId = useId();
  const save = useSaveReview();
  const form = useForm<ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { rating: ownReview?.rating, comment: ownReview?.comment ?? '' },
    // The comment registers before the rating's Controller; focus follows the page order instead.
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const commentLength = useWatch({ control: form.control, name: 'comment' })?.length ?? 0;

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(
        { productId, ...values },
        {
          onSuccess: ({ body }) => {
            toast.success(body);
            form.reset(values);
          },
          onError: (error) => showApiError(error, form),
        },
      ),
    (invalid: FieldErrors<ReviewFormValues>) => form.setFocus(invalid.rating ? 'rating' : 'comment'),
  );

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {reviewFormTitle(ownReview)}
        </h2>
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <StarRatingInput
                legend="Your rating"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.rating?.message}
              />
            )}
          />
          <div className="space-y-1.5">
            <label htmlFor={commentId} className="block text-sm font-medium text-slate-900">
              Comment
            </label>
            <Textarea
              id={commentId}
              rows={4}
              maxLength={MAX_COMMENT_LENGTH}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={[`${commentId}-count`, errors.comment && `${commentId}-error`]
                .filter(Boolean)
                .join(' ')}
              {...form.register('comment')}
            />
            <div className="flex items-start justify-between gap-3">
              <FieldError id={`${commentId}-error`} message={errors.comment?.message} />
              <p id={`${commentId}-count`} className="ml-auto shrink-0 text-sm text-slate-600">
                {commentLength} / {MAX_COMMENT_LENGTH}
                <span className="sr-only"> characters</span>
              </p>
            </div>
          </div>
          <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
            {ownReview ? 'Edit Review' : 'Give Review'}
          </Button>
        </form>
      </section>
    </Card>
  );
}
