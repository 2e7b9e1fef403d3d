import type { LastShippingAnswer } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The shipping details of the shopper's latest order, kept with the account on the server. */
export async function getLastShipping(signal?: AbortSignal): Promise<LastShippingAnswer> {
  const { body } = await api<LastShippingAnswer>('/api/user/last-shipping', { signal });
  return body;
}

export function useLastShipping() {
  // Under the orders' key: a new order invalidates it with them.
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.orders, 'last-shipping'],
      queryFn: ({ signal }) => getLastShipping(signal),
    }),
  );
}
