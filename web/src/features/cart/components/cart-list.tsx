import { formatRupees, type CartLine } from '@shop/shared';
import { cn } from '@/lib/cn';
import { CartLineName } from './cart-line-name';
import { DeleteLineButton } from './delete-line-button';
import { LineTotalText } from './line-total-text';
import { QuantityControl } from './quantity-control';

/** Narrow screens (600 px and below): one card per line with the table's information. */
export function CartList({ lines, onRemoved }: { lines: CartLine[]; onRemoved: () => void }) {
  return (
    <ul aria-label="Items in your cart" className="space-y-4">
      {lines.map((line, index) => (
        <li
          key={line.product._id}
          className={cn(
            'rounded-2xl p-4 shadow-sm ring-1 ring-slate-200',
            line.available ? 'bg-white' : 'bg-slate-50',
          )}
        >
          <div className="flex items-start justify-between gap-2">
            <CartLineName line={line} />
            <DeleteLineButton line={line} index={index} onRemoved={onRemoved} />
          </div>
          <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium text-slate-700">Price</dt>
            <dd className="text-right text-base text-slate-800">{formatRupees(line.product.price)}</dd>
            <dt className="font-medium text-slate-700">Quantity</dt>
            <dd className="text-right">
              <QuantityControl line={line} />
            </dd>
            <dt className="font-medium text-slate-700">Total</dt>
            <dd className="text-right text-base">
              <LineTotalText line={line} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
