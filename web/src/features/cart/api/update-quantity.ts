import type { Cart } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export type UpdateQuantityInput = { id: string; quantity: number };

export function updateQuantity(input: UpdateQuantityInput) {
  return api<Cart>('/api/updateQuantity', { method: 'PATCH', body: input });
}

export function useUpdateQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuantity,
    // Stays pending until the cart is reloaded, so the buttons cannot run ahead of the number shown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
  });
}
