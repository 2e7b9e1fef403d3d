import { AuditLogView } from '@/features/admin-audit/components/audit-log-view';
import { AdminPage } from './admin-page';

/** /admin/auditLog */
export function AuditLogRoute() {
  return (
    <AdminPage title="Audit Log">
      <AuditLogView />
    </AdminPage>
  );
}
