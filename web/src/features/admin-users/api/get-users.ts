import type { AdminUser } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPagedList } from '@/components/paged-list/get-paged-list';
import type { ListPage } from '@/components/paged-list/use-list-page';

export const usersQueryKey = ['admin', 'users'] as const;

/** A page of the registered users, admins included, oldest first, searched by name or email. */
export function getUsersQueryOptions(ask: ListPage) {
  return queryOptions({
    queryKey: [...usersQueryKey, ask],
    queryFn: ({ signal }) => getPagedList<AdminUser>('/api/getAllUsers', ask, signal),
    // The table stays in place while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(ask: ListPage) {
  return useQuery(getUsersQueryOptions(ask));
}
