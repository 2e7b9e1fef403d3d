import { CsvView } from '@/features/admin-overview/components/csv-view';
import { AdminPage } from './admin-page';

/** /admin/importExport */
export function ImportExportRoute() {
  return (
    <AdminPage title="Import and Export">
      <CsvView />
    </AdminPage>
  );
}
