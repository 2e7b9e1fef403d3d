import type { ShopPage, ShopPageInput, ShopPageSlug } from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const adminPagesQueryKey = ['admin', 'pages'] as const;

/** The five pages with their text: the admin's, or the default while none is saved. */
export function getAdminPagesQueryOptions() {
  return queryOptions({
    queryKey: adminPagesQueryKey,
    queryFn: async ({ signal }) => (await api<ShopPage[]>('/api/admin/pages', { signal })).body,
  });
}

export function useAdminPages() {
  return useQuery(getAdminPagesQueryOptions());
}

export function useSavePage(slug: ShopPageSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShopPageInput) =>
      api<{ message: string }>(`/api/admin/pages/${encodeURIComponent(slug)}`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPagesQueryKey }),
        // The public page's own query (features/shop-pages) shows the new text at once.
        queryClient.invalidateQueries({ queryKey: ['shop-pages', slug] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
      ]),
  });
}
