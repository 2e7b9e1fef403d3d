import { messages } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { showApiError } from '@/lib/form-errors';
import { lazyResolver } from '@/lib/lazy-resolver';
import { returnPath } from '@/lib/return-path';
import { toast } from '@/lib/toast';

// The shared schema's check and TanStack Query are needed only to send the form: they load when
// the visitor first focuses it (or sends it), not with the page, which keeps /login in its budget.
const loadSending = () => import('./login-sending');

const resolver = lazyResolver(() => loadSending().then((m) => m.loginResolver));

export function LoginForm() {
  const navigate = useNavigate();
  const form = useForm({ resolver, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await (await loadSending()).logIn(values);
      toast.success(messages.loginSuccess);
      // Back to the page that sent the shopper here, if it is one of this shop's.
      const { search, origin } = window.location;
      navigate(returnPath(new URLSearchParams(search).get('next'), origin) ?? '/userDashboard');
    } catch (error) {
      // 404 not registered, 401 wrong password, 429 too many tries: the server's words.
      showApiError(error, form);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={() => void loadSending()} className="space-y-5">
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
      <Button type="submit" loading={isSubmitting} className="w-full">
        Login
      </Button>
    </form>
  );
}
