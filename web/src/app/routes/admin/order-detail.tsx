import { useParams } from 'react-router';
import { AdminOrderView } from '@/features/admin-orders/components/admin-order-view';
import { AdminPage } from './admin-page';

/** /admin/orderList/:id */
export function AdminOrderRoute() {
  const { id = '' } = useParams();
  return (
    <AdminPage title="Order">
      <AdminOrderView key={id} id={id} />
    </AdminPage>
  );
}
