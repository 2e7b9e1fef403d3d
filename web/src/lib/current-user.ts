import type { PublicUser } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user (profile form, shipping prefill): one query, cached under one key. */
export async function getUser(signal?: AbortSignal): Promise<PublicUser> {
  const { body } = await api<PublicUser>('/api/get-user', { signal });
  return body;
}

export function getUserQueryOptions() {
  return queryOptions({ queryKey: queryKeys.user, queryFn: ({ signal }) => getUser(signal) });
}

export function useUser() {
  return useQuery(getUserQueryOptions());
}
