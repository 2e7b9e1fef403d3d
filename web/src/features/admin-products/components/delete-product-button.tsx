import { messages, type Product } from '@shop/shared';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { showApiError } from '@/lib/form-errors';
import { useDeleteProduct } from '../api/delete-product';

type DeleteProductButtonProps = {
  product: Product;
  /** The row and this button are gone: the caller puts the focus somewhere that still exists. */
  onDeleted: () => void;
};

/** Asks 'Are you sure you want to delete this product.' first. */
export function DeleteProductButton({ product, onDeleted }: DeleteProductButtonProps) {
  const remove = useDeleteProduct();
  const confirm = () =>
    remove.mutate(product._id, {
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
          label={`Delete ${product.name}`}
          icon={<Trash2 aria-hidden="true" className="size-5" />}
          loading={remove.isPending}
          className="text-red-700"
        />
      }
      title="Delete product"
      description={messages.confirmDeleteProduct}
      onConfirm={confirm}
    />
  );
}
