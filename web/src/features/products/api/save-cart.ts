import type { Cart, Product } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { setCartQuantity } from '@/lib/session';

export type SaveCartInput = { item: Product; quantity: number };

/** The spec sends the whole product; the server reads only its `_id` and its own price. */
export function saveCart({ item, quantity }: SaveCartInput) {
  // The page's product also carries its reviews: they stay out of the body.
  const { reviews: _reviews, ...product } = item as Product & { reviews?: unknown };
  const body = { item: product, quantity };
  return api<Cart & { message: string }>('/api/saveCart', { method: 'POST', body });
}

export function useSaveCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCart,
    onSuccess: ({ body }) => {
      // Spec section 4: saving the cart refreshes the cart count.
      setCartQuantity(body.cartProducts.length);
      return queryClient.invalidateQueries({ queryKey: queryKeys.cart });
    },
    // Refused (fewer left than asked, or the product gone): the page shows the product as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.products }),
  });
}
