import { checkoutTexts, messages } from '@shop/shared';
import { useEffect, useId } from 'react';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { useCart } from '@/lib/cart-query';
import { useLastShipping } from '../api/get-last-shipping';
import { usePaymentConfig } from '../api/get-payment-config';
import { useUser } from '@/lib/current-user';
import { useCheckout } from '../hooks/use-checkout';
import { loadRazorpay } from '../utils/razorpay';
import { CheckoutSummary } from './checkout-summary';
import { ShippingForm } from './shipping-form';
import { TestPaymentDialog } from './test-payment-dialog';

/** Spec section 2: the shipping form beside the order summary with its Pay button. */
export function PlaceOrderView() {
  const formId = useId();
  const headingId = useId();
  const cart = useCart();
  const user = useUser();
  const last = useLastShipping();
  const checkout = useCheckout(cart.data?.cartProducts ?? [], cart.data?.total);
  usePreloadRazorpay();

  if (cart.isPending || user.isPending || last.isPending) return <Loading label="Loading your order…" />;
  if (cart.isError) {
    return (
      <LoadError
        title={messages.cartLoadFailed}
        detail={cart.error.message}
        onRetry={() => void cart.refetch()}
      />
    );
  }

  const lastShipping = last.data?.shipping;
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
      <Card className="p-5 sm:p-6">
        <section aria-labelledby={headingId}>
          <h2 id={headingId} className="mb-5 text-xl font-bold text-slate-900">
            Shipping details
          </h2>
          {lastShipping && (
            <p className="-mt-3 mb-5 text-sm text-slate-600">{checkoutTexts.shippingFromLastOrder}</p>
          )}
          <ShippingForm
            id={formId}
            // Prefilled from the last order, else from the account; a failed load just leaves them
            // for the customer to type. Every field stays editable.
            defaults={lastShipping ?? { name: user.data?.name ?? '', email: user.data?.email ?? '' }}
            onSubmit={(shipping, form) => void checkout.pay(shipping, form)}
          />
        </section>
      </Card>
      <CheckoutSummary cart={cart.data} formId={formId} busy={checkout.busy} notice={checkout.notice} />
      {checkout.testPayment && (
        <TestPaymentDialog order={checkout.testPayment.order} onFinish={checkout.finishTestPayment} />
      )}
    </div>
  );
}

/** With Razorpay configured, its script starts loading with the page so Pay opens the window sooner. */
function usePreloadRazorpay() {
  const config = usePaymentConfig();
  const razorpay = config.data?.provider === 'razorpay';
  useEffect(() => {
    if (razorpay) void loadRazorpay();
  }, [razorpay]);
}
