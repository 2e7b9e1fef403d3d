import { messages, type AdminUser } from '@shop/shared';
import { DeleteButton } from '@/components/ui/delete-button';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
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
    <DeleteButton
      label={`Delete ${user.name}`}
      title="Delete user"
      question={messages.confirmDeleteUser}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
