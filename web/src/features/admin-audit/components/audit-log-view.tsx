import { messages } from '@shop/shared';
import { ScrollText } from 'lucide-react';
import { PagedListResult } from '@/components/paged-list/paged-list-result';
import { useListPage } from '@/components/paged-list/use-list-page';
import { EmptyState } from '@/components/ui/empty-state';
import { useAuditLog } from '../api/get-audit-log';
import { AuditTable } from './audit-table';

/** Every admin action, newest first, a page at a time: the oldest stay reachable. */
export function AuditLogView() {
  const list = useListPage();
  const log = useAuditLog(list.page);
  return (
    <PagedListResult
      result={log}
      // The log has no search: a ?q= in the address means nothing here.
      list={{ ...list, q: '' }}
      noun={['entry', 'entries']}
      loadFailed={messages.auditLogLoadFailed}
      empty={<EmptyState icon={ScrollText} text={messages.noAuditEntries} />}
    >
      {(items) => <AuditTable entries={items} />}
    </PagedListResult>
  );
}
