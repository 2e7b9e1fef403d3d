import { useParams } from 'react-router';
import { FormPage } from '@/components/layout/form-page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  const { resetToken = '' } = useParams();
  return (
    <FormPage title="Reset Password" description="Choose a new password for your account.">
      <ResetPasswordForm resetToken={resetToken} />
    </FormPage>
  );
}
