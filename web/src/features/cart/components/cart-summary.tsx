import { formatRupees, messages } from '@shop/shared';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';

type CartSummaryProps = { total: number; /** Some line cannot be bought as it stands. */ blocked: boolean };

/** The grand total of the available lines and Place Order, held back while any line is unavailable. */
export function CartSummary({ total, blocked }: CartSummaryProps) {
  const noteId = useId();
  return (
    <div className="mt-6 flex flex-col items-stretch gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-baseline justify-between gap-3 text-slate-700 sm:justify-start">
        Total
        <span className="text-2xl font-bold text-slate-900">{formatRupees(total)}</span>
      </p>
      {blocked ? (
        <div className="flex flex-col items-stretch gap-2 sm:items-end">
          <p id={noteId} className="text-sm font-medium text-red-800">
            {messages.cartUnavailable}
          </p>
          <Button disabled aria-describedby={noteId}>
            Place Order
          </Button>
        </div>
      ) : (
        <ButtonLink to="/placeOrder" className="px-8">
          Place Order
        </ButtonLink>
      )}
    </div>
  );
}
