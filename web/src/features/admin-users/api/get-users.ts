import type { AdminUser } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const usersQueryKey = ['admin', 'users'] as const;

/** Every registered user, admins included. */
export async function getUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  const { body } = await api<AdminUser[]>('/api/getAllUsers', { signal });
  return body;
}

export function getUsersQueryOptions() {
  return queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal) });
}

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
