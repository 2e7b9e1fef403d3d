import type { Product } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Every product, newest first; under the products key so any product change refreshes it. */
export async function getAllProducts(signal?: AbortSignal): Promise<Product[]> {
  const { body } = await api<Product[]>('/api/getAllProducts', { signal });
  return body;
}

export function getAllProductsQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.products, 'admin'],
    queryFn: ({ signal }) => getAllProducts(signal),
  });
}

export function useAllProducts() {
  return useQuery(getAllProductsQueryOptions());
}
