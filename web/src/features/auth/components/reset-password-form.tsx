import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { showApiError } from '@/lib/form-errors';
import { clearSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';

export function ResetPasswordForm({ resetToken }: { resetToken: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const resetPassword = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) =>
    resetPassword.mutate(
      { resetToken, password },
      {
        onSuccess: ({ body }) => {
          // The reset ended every session of the account, this browser's too if it was logged in.
          clearSession();
          queryClient.clear();
          toast.success(body);
          navigate('/login');
        },
        onError: (error) => showApiError(error, form),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Field
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Field
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" loading={resetPassword.isPending} className="w-full">
        Reset Password
      </Button>
    </form>
  );
}
