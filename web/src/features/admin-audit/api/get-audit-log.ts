import type { AuditEntry } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** What the admins changed, newest first. */
export async function getAuditLog(signal?: AbortSignal): Promise<AuditEntry[]> {
  const { body } = await api<AuditEntry[]>('/api/admin/audit', { signal });
  return body;
}

export function getAuditLogQueryOptions() {
  return queryOptions({ queryKey: queryKeys.auditLog, queryFn: ({ signal }) => getAuditLog(signal) });
}

export function useAuditLog() {
  return useQuery(getAuditLogQueryOptions());
}
