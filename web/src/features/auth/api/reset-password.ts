import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

type ResetPasswordInput = { resetToken: string; password: string };

/** The API takes only the new password; the form's confirmation stays in the browser. */
export function resetPassword({ resetToken, password }: ResetPasswordInput) {
  return api<string>(`/api/user/resetPassword/${encodeURIComponent(resetToken)}`, {
    method: 'POST',
    body: { password },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
