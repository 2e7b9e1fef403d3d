import { OrdersView } from '@/features/orders/components/orders-view';
import { PageShell } from './page-shell';

/** /orders */
export function OrdersRoute() {
  return (
    <PageShell title="My Orders" className="max-w-4xl">
      <OrdersView />
    </PageShell>
  );
}
