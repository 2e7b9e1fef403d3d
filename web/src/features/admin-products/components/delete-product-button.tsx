import { messages, type Product } from '@shop/shared';
import { DeleteButton } from '@/components/ui/delete-button';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
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
    <DeleteButton
      label={`Delete ${product.name}`}
      title="Delete product"
      question={messages.confirmDeleteProduct}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
