import type { AdminOrder } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPagedList } from '@/components/paged-list/get-paged-list';
import type { ListPage } from '@/components/paged-list/use-list-page';
import { queryKeys } from '@/lib/query-keys';
import type { StatusFilter } from '../hooks/use-status-filter';

/** Under the orders key: a change to any order reaches the customer's pages and these lists alike. */
export const adminOrdersQueryKey = [...queryKeys.orders, 'admin'] as const;

/** A page of every customer's orders with the buyer, newest first, by status, searched by order id or buyer email. */
export function getAdminOrdersQueryOptions(status: StatusFilter, ask: ListPage) {
  return queryOptions({
    queryKey: [...adminOrdersQueryKey, status, ask],
    queryFn: ({ signal }) => getPagedList<AdminOrder>('/api/admin/orders', ask, signal, { status }),
    // The table stays in place while another status or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(status: StatusFilter, ask: ListPage) {
  return useQuery(getAdminOrdersQueryOptions(status, ask));
}
