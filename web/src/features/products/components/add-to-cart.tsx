import { messages } from '@shop/shared';
import { ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { OutOfStockBadge } from './out-of-stock-badge';

/**
 * Quantity 1 up to the stock (spec sections 5 and 9) and Add to Cart. The cart
 * API comes later; the chosen quantity is kept here so wiring it is one change.
 */
export function AddToCart({ countInStock }: { countInStock: number }) {
  const quantityId = useId();
  const [quantity, setQuantity] = useState(1);

  if (countInStock <= 0) return <OutOfStockBadge className="mt-6 px-3 py-1.5 text-sm" />;

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
            onChange={(event) => setQuantity(Number(event.target.value))}
            className="w-28"
          >
            {Array.from({ length: countInStock }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={() => toast.info(messages.cartComingSoon)} className="px-6">
          <ShoppingCart aria-hidden="true" className="size-4" />
          Add to Cart
        </Button>
      </div>
      <p className="text-sm text-slate-600">{countInStock} in stock</p>
    </div>
  );
}
