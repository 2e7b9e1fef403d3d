import type { AdminOrder } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PagedList } from '@/components/paged-list/get-paged-list';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { adminOrdersQueryKey } from './get-admin-orders';

/** 200 'Order marked delivered'. */
export function markDelivered(id: string) {
  return api<{ message: string; order: AdminOrder }>(`/api/admin/orders/${encodeURIComponent(id)}/deliver`, {
    method: 'PATCH',
  });
}

export function useMarkDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDelivered,
    onSuccess: ({ body }) => {
      // The row shows 'Order Delivered' where it is, even in the list of placed
      // orders: refetching now would pull it from under the admin's pointer.
      queryClient.setQueriesData<PagedList<AdminOrder>>(
        { queryKey: adminOrdersQueryKey },
        (list) =>
          list && {
            ...list,
            items: list.items.map((order) => (order._id === body.order._id ? body.order : order)),
          },
      );
      return Promise.all([
        // Stale, so each list (and the buyer's own pages) reloads when next shown.
        queryClient.invalidateQueries({ queryKey: queryKeys.orders, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
      ]);
    },
  });
}
