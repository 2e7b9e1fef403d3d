import type { AuditEntry } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPagedList } from '@/components/paged-list/get-paged-list';
import { queryKeys } from '@/lib/query-keys';

/** One page of what the admins changed, newest first; the log has no search. */
export function getAuditLogQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...queryKeys.auditLog, page],
    queryFn: ({ signal }) => getPagedList<AuditEntry>('/api/admin/audit', { page, q: '' }, signal),
    // The table stays in place while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(page: number) {
  return useQuery(getAuditLogQueryOptions(page));
}
