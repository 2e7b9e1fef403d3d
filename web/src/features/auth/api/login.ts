import type { LoginAnswer, LoginInput } from '@shop/shared';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { startSession } from '@/lib/session';

export function login(input: LoginInput) {
  return api<LoginAnswer>('/api/user/login', { method: 'POST', body: input });
}

/** On success the client stores the login flag, name and admin flag (spec section 4). */
export function loginMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: login,
    onSuccess: ({ body }) => {
      // Nothing cached for a previous user may show for this one.
      queryClient.clear();
      startSession({ name: body.name, isAdmin: body.isAdmin });
    },
  });
}
