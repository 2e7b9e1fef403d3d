import { ownMessages, type AdminUser } from '@shop/shared';
import { ShieldMinus, ShieldPlus } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
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
        // An icon, like Delete beside it: the table keeps its width down to a tablet's.
        <IconButton
          label={`${makeAdmin ? 'Make admin' : 'Remove admin'} ${user.name}`}
          icon={
            makeAdmin ? (
              <ShieldPlus aria-hidden="true" className="size-5" />
            ) : (
              <ShieldMinus aria-hidden="true" className="size-5" />
            )
          }
          loading={setRole.isPending}
          className="text-indigo-700 hover:bg-indigo-50"
        />
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
