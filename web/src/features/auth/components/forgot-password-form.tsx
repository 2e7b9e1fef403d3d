import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordForm() {
  const forgotPassword = useForgotPassword();
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    forgotPassword.mutate(values, {
      // The answer is the same whether or not the address is registered.
      onSuccess: ({ body }) => {
        toast.success(body);
        form.reset();
      },
      onError: (error) => showApiError(error, form),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" loading={forgotPassword.isPending} className="w-full">
        Send Reset Link
      </Button>
    </form>
  );
}
