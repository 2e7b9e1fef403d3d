import { zodResolver } from '@hookform/resolvers/zod';
import { messages, registerSchema } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSignUp } from '../api/sign-up';

export function SignUpForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', confiremPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: ({ status }) => {
        if (status === 201) {
          toast.success(messages.registered);
          navigate('/login');
        } else {
          toast.error(messages.alreadyRegistered);
        }
      },
      onError: (error) => showApiError(error, form),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Field label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Field
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confiremPassword?.message}
        {...form.register('confiremPassword')}
      />
      <Button type="submit" loading={signUp.isPending} className="w-full">
        Sign Up
      </Button>
    </form>
  );
}
