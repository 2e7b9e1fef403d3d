import { RefundQueueView } from '@/features/admin-orders/components/refund-queue-view';
import { AdminPage } from './admin-page';

/** /admin/refunds */
export function AdminRefundsRoute() {
  return (
    <AdminPage title="Refunds">
      <RefundQueueView />
    </AdminPage>
  );
}
