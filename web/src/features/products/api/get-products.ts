import { DEFAULT_PAGE_SIZE, type ProductList } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { setCartQuantity } from '@/lib/session';
import type { ProductSearch } from '../utils/product-search';

/** The server searches, filters, sorts and pages; the answer also carries the cart count. */
export async function getProducts(search: ProductSearch, signal?: AbortSignal): Promise<ProductList> {
  const params = new URLSearchParams({
    sort: search.sort,
    category: search.category,
    page: String(search.page),
    limit: String(DEFAULT_PAGE_SIZE),
  });
  if (search.q) params.set('q', search.q);
  const { body } = await api<ProductList>(`/api/get-products?${params}`, { signal });
  return body;
}

export function getProductsQueryOptions(search: ProductSearch) {
  return queryOptions({
    queryKey: [...queryKeys.products, 'list', search],
    queryFn: async ({ signal }) => {
      const list = await getProducts(search, signal);
      // Spec section 4: loading the product list refreshes the cart count.
      setCartQuantity(list.userCartQuantity);
      return list;
    },
    // The page count and pagination stay in place while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(search: ProductSearch) {
  return useQuery(getProductsQueryOptions(search));
}
