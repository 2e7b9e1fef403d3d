import { messages, type CartLine } from '@shop/shared';
import { useIsMutating } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { showApiError } from '@/lib/form-errors';
import { removeCartLineMutationKey, useRemoveCartLine } from '../api/remove-cart-line';

/** The trash icon asks first, then removes the line at its position in the cart. */
type DeleteLineButtonProps = {
  line: CartLine;
  index: number;
  /** The line and this button are gone: the caller puts the focus somewhere that still exists. */
  onRemoved: () => void;
};

export function DeleteLineButton({ line, index, onRemoved }: DeleteLineButtonProps) {
  const remove = useRemoveCartLine();
  const removing = useIsMutating({ mutationKey: removeCartLineMutationKey }) > 0;

  const confirm = () =>
    remove.mutate(index, {
      onSuccess: () => {
        toast.success(messages.cartItemRemoved);
        onRemoved();
      },
      onError: (error) => showApiError(error),
    });

  return (
    <ConfirmDialog
      trigger={
        <IconButton
          label={`Delete ${line.product.name}`}
          icon={<Trash2 aria-hidden="true" className="size-5" />}
          loading={remove.isPending}
          disabled={removing}
          className="text-red-700 hover:bg-red-50"
        />
      }
      title="Delete item"
      description={messages.confirmDeleteCartItem}
      onConfirm={confirm}
    />
  );
}
