import { formatRupees, type CartLine } from '@shop/shared';
import { lineTotal } from '@/lib/line-total';

/** A line's total; an unavailable line is not counted in the grand total, and says so. */
export function LineTotalText({ line }: { line: CartLine }) {
  const total = formatRupees(lineTotal(line.product.price, line.quantity));
  if (line.available) return <span className="font-semibold text-slate-900">{total}</span>;
  return (
    <span className="text-slate-600">
      <s>{total}</s>
      <span className="sr-only"> (not counted in the total)</span>
    </span>
  );
}
