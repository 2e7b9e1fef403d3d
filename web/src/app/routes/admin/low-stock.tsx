import { LowStockView } from '@/features/admin-overview/components/low-stock-view';
import { AdminPage } from './admin-page';

/** /admin/lowStock */
export function LowStockRoute() {
  return (
    <AdminPage title="Low Stock">
      <LowStockView />
    </AdminPage>
  );
}
