import { messages, type CartLine } from '@shop/shared';
import { useIsMutating } from '@tanstack/react-query';
import { DeleteButton } from '@/components/ui/delete-button';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
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
    <DeleteButton
      label={`Delete ${line.product.name}`}
      title="Delete item"
      question={messages.confirmDeleteCartItem}
      pending={remove.isPending}
      disabled={removing}
      onConfirm={confirm}
    />
  );
}
