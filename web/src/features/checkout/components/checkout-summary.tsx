import { cutText, formatRupees, messages, NAME_CUT, type Cart } from '@shop/shared';
import { CreditCard } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { lineTotal } from '@/lib/line-total';
import type { CheckoutNotice as Notice } from '../hooks/use-checkout';
import { CheckoutNotice } from './checkout-notice';

type CheckoutSummaryProps = { cart: Cart; formId: string; busy: boolean; notice: Notice | null };

/** What is being bought and the Pay button, which submits the shipping form. */
export function CheckoutSummary({ cart, formId, busy, notice }: CheckoutSummaryProps) {
  const headingId = useId();
  const { cartProducts, total } = cart;
  const blocked = cartProducts.length === 0 || cartProducts.some((line) => !line.available);
  // Pay is disabled while a payment runs, and a disabled button loses the focus: when the
  // payment ends here (cancelled, declined) and nothing else took the focus, Pay gets it back.
  const payRef = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy && document.activeElement === document.body) payRef.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId} className="space-y-5">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          Order summary
        </h2>
        {cartProducts.length > 0 && (
          <ul className="divide-y divide-slate-200 border-y border-slate-200">
            {cartProducts.map(({ product, quantity, available, problem }) => (
              <li key={product._id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere text-slate-900" title={product.name}>
                    {cutText(product.name, NAME_CUT.cart)}
                  </p>
                  <p className="text-sm text-slate-600">Quantity: {quantity}</p>
                  {!available && (
                    <p className="text-sm font-medium text-red-800">
                      {problem ?? messages.productUnavailable}
                    </p>
                  )}
                </div>
                <p className="shrink-0 font-semibold text-slate-900">
                  {formatRupees(lineTotal(product.price, quantity))}
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className="flex items-baseline justify-between gap-3 text-slate-700">
          Total
          <span className="text-2xl font-bold text-slate-900">{formatRupees(total)}</span>
        </p>
        <CheckoutNotice notice={notice} />
        {blocked ? (
          <div className="space-y-3">
            <p className="text-slate-700">
              {cartProducts.length === 0 ? messages.emptyCart : messages.cartUnavailable}
            </p>
            <ButtonLink to="/cart" variant="secondary" className="w-full">
              Back to cart
            </ButtonLink>
          </div>
        ) : (
          <Button ref={payRef} type="submit" form={formId} loading={busy} className="w-full">
            {!busy && <CreditCard aria-hidden="true" className="size-4" />}
            Pay {formatRupees(total)}
          </Button>
        )}
      </section>
    </Card>
  );
}
