import {
  ADMIN_PAGE_SIZE,
  orderMessages,
  TOTAL_COUNT_HEADER,
  type AdminOrder,
  type AdminOrderDetail,
  type RefundEntry,
  type RefundQueue,
} from '@shop/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PagedList } from '@/components/paged-list/get-paged-list';
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

/** The payments due a refund, and one page of the refunds (newest first) with how many there are. */
export type RefundQueuePage = { due: RefundQueue['due']; refunds: PagedList<RefundEntry> };

function refundQueueOptions(page: number) {
  return queryOptions({
    queryKey: [...refundsKey, page],
    queryFn: async ({ signal }): Promise<RefundQueuePage> => {
      const params = new URLSearchParams({ page: String(page), limit: String(ADMIN_PAGE_SIZE) });
      const { body, headers } = await api<RefundQueue>(`/api/admin/refunds?${params}`, { signal });
      const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? body.refunds.length);
      return { due: body.due, refunds: { items: body.refunds, page, total } };
    },
    // The list stays in place while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useRefundQueue(page: number) {
  return useQuery(refundQueueOptions(page));
}

/** The same answer's page of refunds, for the paged list. */
export function useRefundPage(page: number) {
  return useQuery({ ...refundQueueOptions(page), select: (queue) => queue.refunds });
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
