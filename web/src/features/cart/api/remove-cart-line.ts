import type { CartLine } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { setCartQuantity } from '@/lib/session';

/** Lets every delete button wait while one removal runs: positions shift when it lands. */
export const removeCartLineMutationKey = [...queryKeys.cart, 'remove'];

/** The spec removes a line by its position in cartProducts; the answer is the remaining list. */
export function removeCartLine(index: number) {
  return api<CartLine[]>('/api/cart/update', { method: 'PATCH', body: { index } });
}

export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: removeCartLineMutationKey,
    mutationFn: removeCartLine,
    onSuccess: ({ body }) => {
      // Spec section 4: deleting a cart line refreshes the cart count.
      setCartQuantity(body.length);
      // The answer has no total: reload the whole cart.
      return queryClient.invalidateQueries({ queryKey: queryKeys.cart });
    },
  });
}
