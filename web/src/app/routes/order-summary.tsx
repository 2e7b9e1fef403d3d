import { useParams } from 'react-router';
import { OrderSummaryView } from '@/features/orders/components/order-summary-view';
import { PageShell } from './page-shell';

/** /orderSummary/:id */
export function OrderSummaryRoute() {
  const { id = '' } = useParams();
  return (
    <PageShell title="Order Summary" className="max-w-5xl">
      <OrderSummaryView key={id} id={id} />
    </PageShell>
  );
}
