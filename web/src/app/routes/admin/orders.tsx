import { AdminOrdersView } from '@/features/admin-orders/components/admin-orders-view';
import { AdminPage } from './admin-page';

/** /admin/orderList?status=all|placed|delivered */
export function AdminOrdersRoute() {
  return (
    <AdminPage title="Orders">
      <AdminOrdersView />
    </AdminPage>
  );
}
