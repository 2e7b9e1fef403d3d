import { MAX_CART_QUANTITY, messages, type CartLine } from '@shop/shared';
import { Minus, Plus } from 'lucide-react';
import { IconButton } from '@/components/ui/icon-button';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUpdateQuantity } from '../api/update-quantity';

/**
 * Minus and plus around the quantity: at least one (spec section 5), at most the stock. Both stay
 * focusable while an update runs or at the stock's end, so pressing one again and again keeps the
 * keyboard's focus on it.
 */
export function QuantityControl({ line }: { line: CartLine }) {
  const update = useUpdateQuantity();
  const { product, quantity } = line;
  // More in the cart than in stock: one step down goes straight to what is left.
  const lower =
    quantity > product.countInStock && product.countInStock >= 1 ? product.countInStock : quantity - 1;

  const change = (next: number) => {
    if (next < 1) {
      toast.error(messages.quantityAtLeastOne, { id: 'quantity-at-least-one' });
      return;
    }
    update.mutate({ id: product._id, quantity: next }, { onError: (error) => showApiError(error) });
  };

  return (
    <div role="group" aria-label={`Quantity of ${product.name}`} className="inline-flex items-center gap-1">
      <IconButton
        label={`Decrease quantity of ${product.name}`}
        icon={<Minus aria-hidden="true" className="size-4" />}
        disabled={update.isPending}
        focusableWhenDisabled
        onClick={() => change(lower)}
        className="ring-1 ring-slate-300 ring-inset"
      />
      <span aria-live="polite" className="min-w-8 text-center font-semibold text-slate-900 tabular-nums">
        {quantity}
      </span>
      <IconButton
        label={`Increase quantity of ${product.name}`}
        icon={<Plus aria-hidden="true" className="size-4" />}
        disabled={update.isPending || quantity >= Math.min(product.countInStock, MAX_CART_QUANTITY)}
        focusableWhenDisabled
        onClick={() => change(quantity + 1)}
        className="ring-1 ring-slate-300 ring-inset"
      />
    </div>
  );
}
