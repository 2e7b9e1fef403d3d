import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

type DataTableProps = {
  /** Names the table (a hidden caption) and its scroll region. */
  caption: string;
  columns: readonly string[];
  /** The body rows. */
  children: ReactNode;
  /** The scroll region, for callers that move the focus here (after deleting a row, say). */
  ref?: Ref<HTMLDivElement>;
};

/**
 * A table on a card that scrolls sideways inside its own region on a narrow
 * screen, so the page never does. The region takes the focus so a keyboard
 * can scroll it too.
 */
export function DataTable({ caption, columns, children, ref }: DataTableProps) {
  return (
    <div
      ref={ref}
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-3 py-3 font-semibold whitespace-nowrap first:pl-4 last:pr-4"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

/** A body cell with the table's padding. */
export function Cell({ className, children }: { className?: string; children: ReactNode }) {
  return <td className={cn('px-3 py-3 align-middle first:pl-4 last:pr-4', className)}>{children}</td>;
}

/** A record id: small monospace text that wraps, so a long id does not widen the table. */
export function IdText({ id }: { id: string }) {
  return <span className="block w-36 font-mono text-xs break-all">{id}</span>;
}
