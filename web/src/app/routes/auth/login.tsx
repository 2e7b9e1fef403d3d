import { FormPage } from '@/components/layout/form-page';
import { TextLink } from '@/components/ui/text-link';
import { LoginForm } from '@/features/auth/components/login-form';

export function LoginRoute() {
  return (
    <FormPage
      title="Login"
      description="Welcome back! Log in to continue shopping."
      footer={
        <>
          <p>
            <TextLink to="/forgotPass">Forgot Password?</TextLink>
          </p>
          <p>
            New to The Shop? <TextLink to="/signUp">Sign Up</TextLink>
          </p>
        </>
      }
    >
      <LoginForm />
    </FormPage>
  );
}
