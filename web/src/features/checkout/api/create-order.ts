import type { OrderCreateAnswer, Shipping } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';

/**
 * The server prices the stored cart, reserves the stock and opens an order
 * with the payment provider; the answer says which card window to open.
 */
export function createOrder(shipping: Shipping) {
  return api<OrderCreateAnswer | null>('/api/payment/orderCreate', {
    method: 'POST',
    body: { data: shipping },
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onError: (error) => {
      // Refused over the cart (stock, unavailable lines): show the cart as it is now.
      if (error instanceof ApiError && (error.status === 400 || error.status === 409))
        return queryClient.invalidateQueries({ queryKey: queryKeys.cart });
    },
  });
}
