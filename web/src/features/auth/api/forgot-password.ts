import type { ForgotPasswordInput } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function forgotPassword(input: ForgotPasswordInput) {
  return api<string>('/api/user/forgotPass', { method: 'POST', body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
