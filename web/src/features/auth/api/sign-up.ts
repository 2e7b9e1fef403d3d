import type { RegisterInput } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** 201 registered; 200 already registered (spec section 7). */
export function signUp(input: RegisterInput) {
  return api<{ message: string }>('/api/user/register', { method: 'POST', body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
