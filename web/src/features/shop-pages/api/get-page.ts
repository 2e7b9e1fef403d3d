import type { ShopPage, ShopPageSlug } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const shopPagesQueryKey = ['shop-pages'] as const;

export function getPageQueryOptions(slug: ShopPageSlug) {
  return queryOptions({
    queryKey: [...shopPagesQueryKey, slug],
    queryFn: async ({ signal }) =>
      (await api<ShopPage>(`/api/pages/${encodeURIComponent(slug)}`, { signal })).body,
  });
}

export function useShopPage(slug: ShopPageSlug) {
  return useQuery(getPageQueryOptions(slug));
}
