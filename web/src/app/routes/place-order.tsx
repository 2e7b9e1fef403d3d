import { PlaceOrderView } from '@/features/checkout/components/place-order-view';
import { PageShell } from './page-shell';

/** /placeOrder */
export function PlaceOrderRoute() {
  return (
    <PageShell title="Place Order">
      <PlaceOrderView />
    </PageShell>
  );
}
