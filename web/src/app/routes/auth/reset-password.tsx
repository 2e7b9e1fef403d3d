import { useParams } from 'react-router';
import { FormPage } from '@/components/layout/form-page';
import { TextLink } from '@/components/ui/text-link';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  const { resetToken = '' } = useParams();
  return (
    <FormPage
      title="Reset Password"
      description="Choose a new password for your account."
      // Only the newest link mailed works, for 30 minutes: a refused one needs a way to a new one.
      footer={
        <p>
          Link expired or already used? <TextLink to="/forgotPass">Ask for a new link</TextLink>
        </p>
      }
    >
      <ResetPasswordForm resetToken={resetToken} />
    </FormPage>
  );
}
