import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { clearSession } from '@/lib/session';

export function logout() {
  return api<{ message: string }>('/api/user/logout', { method: 'POST' });
}

/** The client forgets the session even if the server could not be reached. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
