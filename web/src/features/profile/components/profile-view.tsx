import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { useUser } from '@/lib/current-user';
import { OwnData } from './own-data';
import { ProfileForm } from './profile-form';

/** Loads the user (a 401 here sends the visitor to /login through the API client). */
export function ProfileView() {
  const user = useUser();
  if (user.isPending) return <Loading label="Loading your profile…" />;
  if (user.isError) {
    return (
      <div role="alert" className="space-y-4 text-center">
        <p className="text-slate-700">{user.error.message}</p>
        <Button variant="secondary" onClick={() => void user.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      <ProfileForm user={user.data} />
      <OwnData />
    </>
  );
}
