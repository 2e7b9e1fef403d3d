import type { Cart } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './query-keys';
import { setCartQuantity } from './session';

/** The cart page and the place-order page both show the cart, so its query lives here. */
export async function getCart(signal?: AbortSignal): Promise<Cart> {
  const { body } = await api<Cart>('/api/getCart', { signal });
  return body;
}

export function cartQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.cart,
    queryFn: async ({ signal }) => {
      const cart = await getCart(signal);
      // Loading the cart keeps the navigation bar's count honest.
      setCartQuantity(cart.cartProducts.length);
      return cart;
    },
  });
}

export function useCart() {
  return useQuery(cartQueryOptions());
}
