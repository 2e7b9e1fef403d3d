import { FormPage } from '@/components/layout/form-page';
import { TextLink } from '@/components/ui/text-link';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

export function SignUpRoute() {
  return (
    <FormPage
      title="Sign Up"
      description="Create your account to start shopping."
      footer={
        <p>
          Already have an account? <TextLink to="/login">Login</TextLink>
        </p>
      }
    >
      <SignUpForm />
    </FormPage>
  );
}
