import type { PaymentConfig } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Which card window the shop uses: Razorpay, or its own test window. */
export async function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  const { body } = await api<PaymentConfig>('/api/payment/config', { signal });
  return body;
}

export function getPaymentConfigQueryOptions() {
  return queryOptions({
    queryKey: ['payment', 'config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });
}

export function usePaymentConfig() {
  return useQuery(getPaymentConfigQueryOptions());
}
