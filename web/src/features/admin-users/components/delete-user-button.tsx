import { messages, type AdminUser } from '@shop/shared';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { showApiError } from '@/lib/form-errors';
import { useDeleteUser } from '../api/delete-user';

type DeleteUserButtonProps = {
  user: AdminUser;
  /** The row and this button are gone: the caller puts the focus somewhere that still exists. */
  onDeleted: () => void;
};

/** Asks 'Are you sure you want to delete this user.' first; the server refuses yourself and the last admin. */
export function DeleteUserButton({ user, onDeleted }: DeleteUserButtonProps) {
  const remove = useDeleteUser();
  const confirm = () =>
    remove.mutate(user._id, {
      onSuccess: ({ body }) => {
        toast.success(body.message);
        onDeleted();
      },
      onError: (error) => showApiError(error),
    });

  return (
    <ConfirmDialog
      trigger={
        <IconButton
          label={`Delete ${user.name}`}
          icon={<Trash2 aria-hidden="true" className="size-5" />}
          loading={remove.isPending}
          className="text-red-700"
        />
      }
      title="Delete user"
      description={messages.confirmDeleteUser}
      onConfirm={confirm}
    />
  );
}
