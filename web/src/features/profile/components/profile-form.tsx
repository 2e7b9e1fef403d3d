import { zodResolver } from '@hookform/resolvers/zod';
import { messages, profileFormSchema, type PublicUser } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api-error';
import { showApiError } from '@/lib/form-errors';
import { getUserQueryOptions } from '@/lib/current-user';
import { toast } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { PasswordFields } from './password-fields';
import { PasswordToggle } from './password-toggle';

const noPasswords = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ProfileForm({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const passwordsId = useId();
  const [changingPassword, setChangingPassword] = useState(false);
  // Typing the same name again still asks the server, which answers 204 (spec section 8).
  const [nameTyped, setNameTyped] = useState(false);
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { userName: user.name, ...noPasswords },
  });
  const { errors } = form.formState;

  /** Back to the saved state: the current name, no passwords, switch off. */
  const resetForm = (name: string) => {
    setChangingPassword(false);
    setNameTyped(false);
    form.reset({ userName: name, ...noPasswords });
  };

  const togglePasswords = () => {
    if (changingPassword) form.reset({ ...form.getValues(), ...noPasswords });
    setChangingPassword(!changingPassword);
  };

  const onSubmit = form.handleSubmit(({ userName, oldPassword, newPassword }) => {
    if (!nameTyped && !oldPassword && !newPassword) {
      toast.error(messages.pleaseUpdateFirst);
      return;
    }
    update.mutate(
      { userName, oldPassword, newPassword },
      {
        onSuccess: ({ status, body }) => {
          if (status === 200) toast.success(messages.nameChanged);
          if (status === 201) toast.success(body ?? messages.passwordChanged);
          if (status === 202) toast.success(messages.nameAndPasswordChanged);
          if (status === 204) toast.info(messages.sameName);
          // The user query was refetched before this runs: the form reloads what the server holds.
          resetForm(queryClient.getQueryData(getUserQueryOptions().queryKey)?.name ?? userName);
        },
        onError: (error) => {
          showApiError(error, form);
          if (error instanceof ApiError && error.status === 401 && !error.sessionLost) {
            form.setError('oldPassword', { message: error.message }, { shouldFocus: true });
          }
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Field
        label="Name"
        autoComplete="name"
        error={errors.userName?.message}
        {...form.register('userName', { onChange: () => setNameTyped(true) })}
      />
      <Field
        label="Email"
        type="email"
        defaultValue={user.email}
        disabled
        hint={messages.emailCantBeChanged}
      />
      <PasswordToggle open={changingPassword} onToggle={togglePasswords} controls={passwordsId} />
      <PasswordFields id={passwordsId} open={changingPassword} register={form.register} errors={errors} />
      <Button type="submit" loading={update.isPending} className="w-full">
        Update
      </Button>
    </form>
  );
}
