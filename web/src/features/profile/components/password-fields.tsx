import type { ProfileFormInput } from '@shop/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '@/components/ui/field';

type PasswordFieldsProps = {
  id: string;
  open: boolean;
  register: UseFormRegister<ProfileFormInput>;
  errors: FieldErrors<ProfileFormInput>;
};

export function PasswordFields({ id, open, register, errors }: PasswordFieldsProps) {
  return (
    <div id={id} hidden={!open} className="space-y-5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <Field
        label="Old Password"
        type="password"
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        {...register('oldPassword')}
      />
      <Field
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <Field
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </div>
  );
}
