import { DETAIL_IMAGE_SIZES, type ProductAnswer } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { preloadProductImage } from '../utils/preload-product-image';

/** One product with its reviews (latest first) and the session user's id. */
export async function getProduct(id: string, signal?: AbortSignal): Promise<ProductAnswer> {
  const { body } = await api<ProductAnswer>(`/api/get-product/${encodeURIComponent(id)}`, { signal });
  // The picture is the largest thing on the page: its download starts with the answer, while the
  // page renders, rather than after.
  preloadProductImage(body.product.image, DETAIL_IMAGE_SIZES);
  return body;
}

export function getProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.products, 'detail', id],
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: string) {
  return useQuery(getProductQueryOptions(id));
}
