import type { Product, ProductEdit, ProductInput } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';

export type ProductSaved = { message: string; product: Product };

/**
 * POST /api/addProduct, or PATCH /api/product/editProduct/:id with an id; both
 * answer 201. An edit sends the count in stock the form was loaded with, so
 * the server keeps sales made since (or answers 409 if the admin changed it).
 */
export function saveProduct(input: ProductInput, id?: string, loadedCountInStock?: number) {
  if (!id) return api<ProductSaved>('/api/addProduct', { method: 'POST', body: input });
  const body: ProductEdit = { ...input, loadedCountInStock };
  return api<ProductSaved>(`/api/product/editProduct/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** Adds a product, or edits the one with this id (loaded with `loadedCountInStock` in stock). */
export function useSaveProduct(id?: string, loadedCountInStock?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => saveProduct(input, id, loadedCountInStock),
    // The admin list, the catalog's lists and the product's own page all show it.
    onSuccess: () =>
      Promise.all(
        [queryKeys.products, queryKeys.auditLog].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    // The stock moved while the form was open: load the product again, so the
    // next save is checked against the stock the admin has now been told of.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && id)
        return queryClient.invalidateQueries({ queryKey: [...queryKeys.products, 'edit', id] });
    },
  });
}
