import type { ImportReport } from '@shop/shared';
import { Cell, DataTable } from '@/components/ui/data-table';

const actionText = { create: 'Add', update: 'Update', unchanged: 'No change' } as const;

/** What a dry run found (or an import wrote): the counts, every rejected row and every change. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const counts = `${report.created} to add, ${report.updated} to update, ${report.unchanged} unchanged, ${report.rejected.length} rejected`;
  const changed = report.changes.filter((c) => c.action !== 'unchanged');
  return (
    <div className="space-y-4">
      <p className="font-semibold text-slate-900">
        {report.written
          ? `Imported: ${report.created} added, ${report.updated} updated.`
          : `Checked: ${counts}.`}
        {!report.written && report.rejected.length > 0 && ' Fix the rejected rows and check the file again.'}
      </p>
      {report.rejected.length > 0 && (
        <DataTable caption="Rejected rows" columns={['Line', 'Reason']}>
          {report.rejected.map((r) => (
            <tr key={r.line}>
              <Cell label="Line">{r.line}</Cell>
              <Cell label="Reason" className="wrap-anywhere text-red-800">
                {r.reason}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
      {!report.written && changed.length > 0 && (
        <DataTable caption="Changes" columns={['Line', 'Change', 'Product', 'Fields']}>
          {changed.slice(0, 200).map((c) => (
            <tr key={c.line}>
              <Cell label="Line">{c.line}</Cell>
              <Cell label="Change">{actionText[c.action]}</Cell>
              <Cell label="Product" className="wrap-anywhere">
                {c.name}
              </Cell>
              <Cell label="Fields">{c.fields.join(', ')}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
      {!report.written && changed.length > 200 && (
        <p className="text-slate-700">And {changed.length - 200} more.</p>
      )}
    </div>
  );
}
