import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The user's orders, newest first (one per product bought). */
export async function getOrders(signal?: AbortSignal): Promise<Order[]> {
  const { body } = await api<Order[]>('/api/user/get-orders', { signal });
  return body;
}

export function getOrdersQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.orders, 'list'],
    queryFn: ({ signal }) => getOrders(signal),
  });
}

export function useOrders() {
  return useQuery(getOrdersQueryOptions());
}
