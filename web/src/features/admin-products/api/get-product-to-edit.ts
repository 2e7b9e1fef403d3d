import type { AdminProduct } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The product the edit form starts from, with the units unpaid checkouts hold of it. */
export async function getProductToEdit(id: string, signal?: AbortSignal): Promise<AdminProduct> {
  const { body } = await api<AdminProduct>(`/api/admin/products/${encodeURIComponent(id)}`, { signal });
  return body;
}

export function getProductToEditQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.products, 'edit', id],
    queryFn: ({ signal }) => getProductToEdit(id, signal),
    // The form copies the product once: load it afresh each time the page opens
    // (nothing cached to start from) and never behind the form's back.
    gcTime: 0,
    staleTime: Infinity,
  });
}

export function useProductToEdit(id: string) {
  return useQuery(getProductToEditQueryOptions(id));
}
