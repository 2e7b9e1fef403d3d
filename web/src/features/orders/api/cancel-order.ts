import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { showApiError } from '@/lib/form-errors';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

/** 200 with the order as now cancelled; 409 once it has shipped. */
export function cancelOrder(id: string) {
  return api<{ message: string; order: Order }>(`/api/user/orders/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // Told here, not by the button: the button is gone once the order shows cancelled.
    onSuccess: ({ body }) => {
      toast.success(body.message);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
        // The list, the summary and the product's stock all changed.
        queryClient.invalidateQueries({ queryKey: queryKeys.products, refetchType: 'none' }),
      ]);
    },
    onError: (error) => showApiError(error),
  });
}
