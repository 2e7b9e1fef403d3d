import { getProductQueryOptions } from '@/features/products/api/get-product';
import { queryClient } from '@/lib/query-client';

/**
 * The product page's data, asked for while the page's chunks load (lazyPage's `prefetch`) rather
 * than once it renders; its useQuery then shares the request. The dashboard does not do the same:
 * the extra chunk would take it over its JavaScript budget.
 */
export function prefetchProduct(): Promise<void> {
  const id = /^\/item\/([^/]+)$/.exec(window.location.pathname)?.[1];
  if (!id) return Promise.resolve();
  return queryClient.prefetchQuery(getProductQueryOptions(decodeURIComponent(id)));
}
