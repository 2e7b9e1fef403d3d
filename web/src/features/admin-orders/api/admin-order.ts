import {
  orderMessages,
  type AdminOrder,
  type AdminOrderDetail,
  type RefundEntry,
  type RefundQueue,
} from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { showApiError } from '@/lib/form-errors';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { adminOrdersQueryKey } from './get-admin-orders';

const detailKey = (id: string) => [...adminOrdersQueryKey, 'detail', id] as const;
const refundsKey = [...adminOrdersQueryKey, 'refunds'] as const;

export function useAdminOrder(id: string) {
  return useQuery(
    queryOptions({
      queryKey: detailKey(id),
      queryFn: async ({ signal }) =>
        (await api<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}`, { signal })).body,
    }),
  );
}

export function useRefundQueue() {
  return useQuery(
    queryOptions({
      queryKey: refundsKey,
      queryFn: async ({ signal }) => (await api<RefundQueue>('/api/admin/refunds', { signal })).body,
    }),
  );
}

export type OrderAction =
  | { action: 'ship'; body: { carrier: string; trackingNumber: string; trackingUrl?: string } }
  | { action: 'deliver' }
  | { action: 'cancel'; body: { reason: string } }
  | { action: 'return'; body: { resaleable: boolean; note?: string } }
  | { action: 'refund'; body: { amount?: number } };

/** One action on one order; every order list, page and the audit log are stale after it. */
export function useOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (act: OrderAction) => {
      const path = `/api/admin/orders/${encodeURIComponent(id)}/${act.action}`;
      return act.action === 'deliver'
        ? api<{ message: string; order: AdminOrder }>(path, { method: 'PATCH' })
        : api<{ message: string; order: AdminOrder }>(path, { method: 'POST', body: act.body });
    },
    // Told here, not by the form: the form is gone once the order moves on.
    onSuccess: ({ body }) => {
      toast.success(body.message);
      return invalidateAll(queryClient);
    },
    onError: (error) => showApiError(error),
  });
}

/** Retries a refund, or refunds a checkout that became no orders. */
export function useRefundAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ask: { retry: string } | { checkout: string }) =>
      'retry' in ask
        ? api<RefundEntry>(`/api/admin/refunds/${encodeURIComponent(ask.retry)}/retry`, { method: 'POST' })
        : api<RefundEntry>(`/api/admin/checkouts/${encodeURIComponent(ask.checkout)}/refund`, {
            method: 'POST',
          }),
    onSuccess: () => {
      toast.success(orderMessages.refundRequested);
      return invalidateAll(queryClient);
    },
    onError: (error) => showApiError(error),
  });
}

function invalidateAll(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
    queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
    queryClient.invalidateQueries({ queryKey: queryKeys.products, refetchType: 'none' }),
  ]);
}
