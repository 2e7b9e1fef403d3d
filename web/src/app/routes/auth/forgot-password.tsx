import { FormPage } from '@/components/layout/form-page';
import { TextLink } from '@/components/ui/text-link';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <FormPage
      title="Forgot Password"
      description="Enter your email and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <TextLink to="/login">Back to Login</TextLink>
        </p>
      }
    >
      <ForgotPasswordForm />
    </FormPage>
  );
}
