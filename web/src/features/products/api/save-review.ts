import type { ReviewInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** 201 'Review added successfully' or 200 'Review updated successfully'. */
export function saveReview(input: ReviewInput) {
  return api<string>('/api/user/review', { method: 'POST', body: input });
}

export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    // The product's reviews, rating and count change, and so may the list's order.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
