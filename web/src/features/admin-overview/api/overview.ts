import type { ImportReport, LowStock, Overview } from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const overviewKey = ['admin', 'overview'] as const;
const lowStockKey = ['admin', 'low-stock'] as const;

// Sales, refunds and stock move with every order and every admin's change, here or elsewhere:
// these figures are read again each time their page opens, not kept like the lists.
const ALWAYS_READ_AGAIN = 0;

export function useOverview() {
  return useQuery(
    queryOptions({
      queryKey: overviewKey,
      staleTime: ALWAYS_READ_AGAIN,
      queryFn: async ({ signal }) => (await api<Overview>('/api/admin/overview', { signal })).body,
    }),
  );
}

export function useLowStock() {
  return useQuery(
    queryOptions({
      queryKey: lowStockKey,
      staleTime: ALWAYS_READ_AGAIN,
      queryFn: async ({ signal }) => (await api<LowStock>('/api/admin/low-stock', { signal })).body,
    }),
  );
}

/** Sets the default threshold (productId undefined) or one product's (null: back to the default). */
export function useSaveThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, threshold }: { productId?: string; threshold: number | null }) =>
      api<{ message: string }>(
        productId === undefined
          ? '/api/admin/settings/low-stock-threshold'
          : `/api/admin/products/${encodeURIComponent(productId)}/low-stock-threshold`,
        { method: 'PUT', body: { threshold } },
      ),
    onSuccess: () =>
      Promise.all([
        ...[lowStockKey, queryKeys.auditLog].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        // Read again when next shown, not now: an edit form open beside this threshold keeps
        // the count in stock it was loaded with, which its save is checked against.
        queryClient.invalidateQueries({ queryKey: queryKeys.products, refetchType: 'none' }),
      ]),
  });
}

/** A dry run, or an import (a rejected row refuses it whole: 422 with the reason). */
export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ask: { csv: string; dryRun: boolean }) =>
      (await api<ImportReport>('/api/admin/import/products', { method: 'POST', body: ask })).body,
    onSuccess: (report) => {
      if (!report.written) return;
      return Promise.all(
        [queryKeys.products, lowStockKey, queryKeys.auditLog].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
