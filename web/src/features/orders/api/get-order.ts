import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** One of the user's orders; another user's order is 404 'Order not found'. */
export async function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  const { body } = await api<Order>(`/api/user/get-order/${encodeURIComponent(id)}`, { signal });
  return body;
}

export function getOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.orders, 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
  });
}

export function useOrder(id: string) {
  return useQuery(getOrderQueryOptions(id));
}
