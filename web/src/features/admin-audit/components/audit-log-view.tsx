import { messages } from '@shop/shared';
import { ScrollText } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { useAuditLog } from '../api/get-audit-log';
import { AuditTable } from './audit-table';

export function AuditLogView() {
  const log = useAuditLog();
  if (log.isPending) return <Loading label="Loading the audit log…" />;
  if (log.isError) {
    return (
      <LoadError
        title={messages.auditLogLoadFailed}
        detail={log.error.message}
        onRetry={() => void log.refetch()}
      />
    );
  }
  if (log.data.length === 0) return <EmptyState icon={ScrollText} text={messages.noAuditEntries} />;
  return <AuditTable entries={log.data} />;
}
