import type { AdminProduct } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPagedList } from '@/components/paged-list/get-paged-list';
import type { ListPage } from '@/components/paged-list/use-list-page';
import { queryKeys } from '@/lib/query-keys';

/**
 * A page of every product, newest first, searched by name or id, each with the units unpaid
 * checkouts hold; under the products key so any product change refreshes it.
 */
export function getAdminProductsQueryOptions(ask: ListPage) {
  return queryOptions({
    queryKey: [...queryKeys.products, 'admin', ask],
    queryFn: ({ signal }) => getPagedList<AdminProduct>('/api/getAllProducts', ask, signal),
    // The table stays in place while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminProducts(ask: ListPage) {
  return useQuery(getAdminProductsQueryOptions(ask));
}
