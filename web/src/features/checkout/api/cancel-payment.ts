import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The window was closed or the card declined: the server releases the reserved stock; the cart stays. */
export function cancelPayment(orderId: string) {
  return api<{ message: string }>('/api/payment/cancel', { method: 'POST', body: { order_id: orderId } });
}

export function useCancelPayment() {
  return useMutation({ mutationFn: cancelPayment });
}
