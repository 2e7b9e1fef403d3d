import { GstReportLinks } from '@/features/admin-gst/components/gst-report-links';
import { GstSettingsForm } from '@/features/admin-gst/components/gst-settings-form';
import { AdminPage } from './admin-page';

/** /admin/gst: the seller's GST settings and the month's report for the accountant. */
export function AdminGstRoute() {
  return (
    <AdminPage title="GST">
      <GstSettingsForm />
      <GstReportLinks />
    </AdminPage>
  );
}
