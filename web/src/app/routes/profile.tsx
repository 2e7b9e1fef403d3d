import { FormPage } from '@/components/layout/form-page';
import { ProfileView } from '@/features/profile/components/profile-view';

export function ProfileRoute() {
  return (
    <FormPage title="Profile" description="Update your name or change your password.">
      <ProfileView />
    </FormPage>
  );
}
