import type { AdminOrder } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { StatusFilter } from '../hooks/use-status-filter';

/** Under the orders key: a change to any order reaches the customer's pages and these lists alike. */
export const adminOrdersQueryKey = [...queryKeys.orders, 'admin'] as const;

/** Every customer's orders with the buyer, newest first. */
export async function getAdminOrders(status: StatusFilter, signal?: AbortSignal): Promise<AdminOrder[]> {
  const { body } = await api<AdminOrder[]>(`/api/admin/orders?status=${status}`, { signal });
  return body;
}

export function getAdminOrdersQueryOptions(status: StatusFilter) {
  return queryOptions({
    queryKey: [...adminOrdersQueryKey, status],
    queryFn: ({ signal }) => getAdminOrders(status, signal),
    // The table stays in place while another status loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(status: StatusFilter) {
  return useQuery(getAdminOrdersQueryOptions(status));
}
