import type { AuditEntry } from '@shop/shared';
import { Cell, DataTable, IdText } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format-date';
import { auditDetailLines } from '../utils/audit-details';

const columns = ['Time', 'Admin', 'Action', 'Record', 'Details'] as const;

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <DataTable caption="Audit log" columns={columns}>
      {entries.map((entry) => (
        <tr key={entry._id}>
          <Cell label="Time" className="whitespace-nowrap">
            <time dateTime={entry.time}>{formatDateTime(entry.time)}</time>
          </Cell>
          <Cell label="Admin" className="whitespace-nowrap">
            {entry.actor.email}
          </Cell>
          <Cell label="Action" className="font-medium whitespace-nowrap text-slate-900">
            {entry.action}
          </Cell>
          <Cell label="Record">
            {entry.targetType} <IdText id={entry.targetId} />
          </Cell>
          <Cell label="Details" className="min-w-56 wrap-anywhere">
            {auditDetailLines(entry.details).map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}
