import { OverviewView } from '@/features/admin-overview/components/overview-view';
import { AdminPage } from './admin-page';

/** /admin */
export function OverviewRoute() {
  return (
    <AdminPage title="Overview">
      <OverviewView />
    </AdminPage>
  );
}
