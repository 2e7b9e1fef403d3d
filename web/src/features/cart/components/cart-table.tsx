import { formatRupees, type CartLine } from '@shop/shared';
import { cn } from '@/lib/cn';
import { CartLineName } from './cart-line-name';
import { DeleteLineButton } from './delete-line-button';
import { LineTotalText } from './line-total-text';
import { QuantityControl } from './quantity-control';

const columns = ['Name', 'Price', 'Quantity', 'Total', 'Delete'] as const;

/**
 * Wide screens: the spec's table with Name, Price, Quantity, Total and Delete. Just over 600 px
 * the cells are narrower and the name goes without its picture, so the Delete column fits.
 */
export function CartTable({ lines, onRemoved }: { lines: CartLine[]; onRemoved: () => void }) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left">
        <caption className="sr-only">Items in your cart</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-sm text-slate-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={cn('px-2 py-3 font-semibold md:px-4', column !== 'Name' && 'text-center')}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {lines.map((line, index) => (
            <tr key={line.product._id} className={cn(!line.available && 'bg-slate-50')}>
              <td className="max-w-md px-2 py-3 max-md:[&_img]:hidden md:px-4">
                <CartLineName line={line} />
              </td>
              <td className="px-2 py-3 text-center whitespace-nowrap text-slate-800 md:px-4">
                {formatRupees(line.product.price)}
              </td>
              <td className="px-2 py-3 text-center md:px-4">
                <QuantityControl line={line} />
              </td>
              <td className="px-2 py-3 text-center whitespace-nowrap md:px-4">
                <LineTotalText line={line} />
              </td>
              <td className="px-2 py-3 text-center md:px-4">
                <DeleteLineButton line={line} index={index} onRemoved={onRemoved} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
