import { zodResolver } from '@hookform/resolvers/zod';
import { loginFormSchema, messages } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useLogin } from '../api/login';

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => {
        toast.success(messages.loginSuccess);
        navigate('/userDashboard');
      },
      // 404 not registered, 401 wrong password, 429 too many tries: the server's words.
      onError: (error) => showApiError(error, form),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" loading={login.isPending} className="w-full">
        Login
      </Button>
    </form>
  );
}
