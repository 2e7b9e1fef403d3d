import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { usersQueryKey } from './get-users';

/** 200 with a message; 409 for your own role or the last admin. */
export function setAdminRole({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  return api<{ message: string }>(`/api/admin/users/${encodeURIComponent(id)}/admin`, {
    method: 'PATCH',
    body: { isAdmin },
  });
}

export function useSetAdminRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdminRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
      ]),
  });
}
