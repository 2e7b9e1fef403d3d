import type { CartLine, Order, Shipping } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { setCartQuantity } from '@/lib/session';
import type { PaymentResult } from './payment-result';

export type ConfirmPaymentInput = PaymentResult & { data: Shipping; cartProducts: CartLine[] };

/** POST /api/payment/cartDetail: the server checks the signature and turns the cart into orders. */
export function confirmPayment(input: ConfirmPaymentInput) {
  return api<{ data: Order[]; message: string }>('/api/payment/cartDetail', { method: 'POST', body: input });
}

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: () => {
      setCartQuantity(0);
      // Not awaited: the page moves to /orders at once instead of showing the emptied cart first.
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      // Stock went down, and the buyer's reviews of these products are now verified purchases.
      void queryClient.invalidateQueries({ queryKey: queryKeys.products });
    },
  });
}
