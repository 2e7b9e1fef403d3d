import { ownMessages, type AdminUser } from '@shop/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSetAdminRole } from '../api/set-role';

/**
 * Makes the user an admin, or takes it back, after asking. The server refuses your own role and
 * the last admin, and ends the changed account's sessions.
 */
export function AdminRoleButton({ user }: { user: AdminUser }) {
  const setRole = useSetAdminRole();
  const makeAdmin = !user.isAdmin;
  const confirm = () =>
    setRole.mutate(
      { id: user._id, isAdmin: makeAdmin },
      {
        onSuccess: ({ body }) => toast.success(body.message),
        onError: (error) => showApiError(error),
      },
    );
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" loading={setRole.isPending} className="whitespace-nowrap">
          {makeAdmin ? 'Make admin' : 'Remove admin'}
          <span className="sr-only"> {user.name}</span>
        </Button>
      }
      title={makeAdmin ? 'Make admin' : 'Remove admin'}
      description={
        makeAdmin ? ownMessages.confirmMakeAdmin(user.name) : ownMessages.confirmRemoveAdmin(user.name)
      }
      confirmLabel={makeAdmin ? 'Make admin' : 'Remove admin'}
      onConfirm={confirm}
    />
  );
}
