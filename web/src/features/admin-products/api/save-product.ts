import type { Product, ProductInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type ProductSaved = { message: string; product: Product };

/** POST /api/addProduct, or PATCH /api/product/editProduct/:id with an id; both answer 201. */
export function saveProduct(input: ProductInput, id?: string) {
  return id
    ? api<ProductSaved>(`/api/product/editProduct/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
      })
    : api<ProductSaved>('/api/addProduct', { method: 'POST', body: input });
}

/** Adds a product, or edits the one with this id. */
export function useSaveProduct(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => saveProduct(input, id),
    // The admin list, the catalog's lists and the product's own page all show it.
    onSuccess: () =>
      Promise.all(
        [queryKeys.products, queryKeys.auditLog].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
