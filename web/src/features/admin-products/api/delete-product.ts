import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** 200 'Product deleted'. */
export function deleteProduct(id: string) {
  return api<{ message: string }>(`/api/product/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // The admin list and the catalog lose it; a cart holding it shows it as unavailable.
    onSuccess: () =>
      Promise.all(
        [queryKeys.products, queryKeys.cart, queryKeys.auditLog].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
