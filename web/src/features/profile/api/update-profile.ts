import type { UpdateProfileInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { setUserName } from '@/lib/session';
import { getUserQueryOptions } from '@/lib/current-user';

/**
 * Spec section 7: 200 name changed and 202 name and password changed (the body
 * is the new name); 201 password changed (the body is the message); 204
 * nothing changed (no body).
 */
export type UpdateProfileAnswer = string | null;

export function updateProfile(input: UpdateProfileInput) {
  return api<UpdateProfileAnswer>('/api/user/update', { method: 'PATCH', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ status, body }) => {
      if ((status === 200 || status === 202) && body) setUserName(body);
      return queryClient.invalidateQueries({ queryKey: getUserQueryOptions().queryKey });
    },
  });
}
