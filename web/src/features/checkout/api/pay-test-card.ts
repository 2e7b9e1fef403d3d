import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { PaymentResult } from './payment-result';

export type PayTestCardInput = { order_id: string; card_number: string };

/** The built-in test gateway: 200 with a signed result, or 402 when the card is declined. */
export function payTestCard(input: PayTestCardInput) {
  return api<PaymentResult>('/api/payment/test-gateway/pay', { method: 'POST', body: input });
}

export function usePayTestCard() {
  return useMutation({ mutationFn: payTestCard });
}
