import { MAX_CART_QUANTITY, messages, type Product } from '@shop/shared';
import { ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { useCart } from '@/lib/cart-query';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSaveCart } from '../api/save-cart';
import { OutOfStockBadge } from './out-of-stock-badge';

/** Quantity 1 up to the stock (spec sections 5 and 9) and Add to Cart. */
export function AddToCart({ product }: { product: Product }) {
  const quantityId = useId();
  const save = useSaveCart();
  const { countInStock } = product;
  // One cart line takes at most MAX_CART_QUANTITY: offering more would be refused, and a list of
  // every unit of a large stock would freeze a phone.
  const most = Math.min(countInStock, MAX_CART_QUANTITY);
  // A line already in the cart: the select starts at its quantity, since saving sets the line's
  // quantity rather than adding to it.
  const inCart = useCart().data?.cartProducts.find((line) => line.product._id === product._id)?.quantity;
  const [chosen, setChosen] = useState<number>();
  const quantity = chosen ?? Math.max(1, Math.min(inCart ?? 1, most));

  if (countInStock <= 0) return <OutOfStockBadge className="mt-6 px-3 py-1.5 text-sm" />;

  const addToCart = () =>
    save.mutate(
      { item: product, quantity },
      {
        onSuccess: () => toast.success(messages.cartSaved),
        // 409: only so many left; 404: the product is gone. The server says which.
        onError: (error) => showApiError(error),
      },
    );

  return (
    <div className="mt-6 space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <label htmlFor={quantityId} className="block text-sm font-medium text-slate-900">
            Quantity
          </label>
          <Select
            id={quantityId}
            value={quantity}
            onChange={(event) => setChosen(Number(event.target.value))}
            className="w-28"
          >
            {Array.from({ length: most }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={addToCart} loading={save.isPending} className="px-6">
          {!save.isPending && <ShoppingCart aria-hidden="true" className="size-4" />}
          Add to Cart
        </Button>
      </div>
      <p className="text-sm text-slate-600">{countInStock} in stock</p>
      {inCart !== undefined && <p className="text-sm text-slate-700">{messages.inYourCart(inCart)}</p>}
    </div>
  );
}
