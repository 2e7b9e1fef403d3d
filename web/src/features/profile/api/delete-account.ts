import type { DeleteAccountInput } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** 200 deleted; 401 wrong password; 409 the last admin. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      api<{ message: string }>('/api/user/delete', { method: 'POST', body: input }),
  });
}
