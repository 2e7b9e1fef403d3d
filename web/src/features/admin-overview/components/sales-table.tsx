import { formatRupees } from '@shop/shared';
import { Cell, DataTable } from '@/components/ui/data-table';
import type { SalesPoint } from './sales-points';

const columns = ['Period', 'Paid orders', 'Gross', 'Refunds', 'Revenue'] as const;

/** The charts' figures as a table: for screen readers, and for anyone who wants the numbers. */
export function SalesTable({ points, caption }: { points: SalesPoint[]; caption: string }) {
  return (
    <details className="group">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-1 font-semibold text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-700">
        Show the figures as a table
      </summary>
      <div className="mt-3">
        <DataTable caption={caption} columns={columns}>
          {points.map((p) => (
            <tr key={p.key}>
              <Cell label="Period" className="whitespace-nowrap">
                {p.label}
              </Cell>
              <Cell label="Paid orders" className="tabular-nums">
                {p.orders}
              </Cell>
              <Cell label="Gross" className="tabular-nums">
                {formatRupees(p.gross)}
              </Cell>
              <Cell label="Refunds" className="tabular-nums">
                {formatRupees(p.refunds)}
              </Cell>
              <Cell label="Revenue" className="font-semibold tabular-nums">
                {formatRupees(p.revenue)}
              </Cell>
            </tr>
          ))}
        </DataTable>
      </div>
    </details>
  );
}
