import { createContext, use, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';

/**
 * Below its width a table is stacked: each row a card of "column: value" lines, every action in
 * view, as the spec's cart does on a narrow screen. Class names written out whole for Tailwind.
 */
const layouts = {
  md: {
    table: 'max-md:block',
    head: 'max-md:sr-only',
    body: 'max-md:block max-md:[&>tr]:block max-md:[&>tr]:px-4 max-md:[&>tr]:py-2',
    cell: 'max-md:flex max-md:min-h-11 max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:font-semibold max-md:before:text-slate-700 max-md:before:content-[attr(data-label)] max-md:first:pl-0 max-md:last:pr-0 max-md:wrap-anywhere max-md:whitespace-normal',
  },
  xl: {
    table: 'max-xl:block',
    head: 'max-xl:sr-only',
    body: 'max-xl:block max-xl:[&>tr]:block max-xl:[&>tr]:px-4 max-xl:[&>tr]:py-2',
    cell: 'max-xl:flex max-xl:min-h-11 max-xl:items-center max-xl:justify-between max-xl:gap-4 max-xl:px-0 max-xl:py-1 max-xl:text-right max-xl:before:shrink-0 max-xl:before:text-left max-xl:before:font-semibold max-xl:before:text-slate-700 max-xl:before:content-[attr(data-label)] max-xl:first:pl-0 max-xl:last:pr-0 max-xl:wrap-anywhere max-xl:whitespace-normal',
  },
} as const;

type StackBelow = keyof typeof layouts;

const StackContext = createContext<StackBelow>('md');

type DataTableProps = {
  /** Names the table (a hidden caption) and its scroll region. */
  caption: string;
  columns: readonly string[];
  /** The body rows. */
  children: ReactNode;
  /** The scroll region, for callers that move the focus here (after deleting a row, say). */
  ref?: Ref<HTMLDivElement>;
  /** The breakpoint below which the rows are stacked: a table with many columns stacks sooner. */
  stackBelow?: StackBelow;
};

/**
 * A table on a card; on a narrow screen its rows are stacked, so neither the page nor the table
 * scrolls sideways. The region takes the focus, for callers that move it here.
 */
export function DataTable({ caption, columns, children, ref, stackBelow = 'md' }: DataTableProps) {
  const layout = layouts[stackBelow];
  return (
    <div
      ref={ref}
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
    >
      <table className={cn('w-full text-left text-sm', layout.table)}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cn('border-b border-slate-200 bg-slate-50 text-slate-700', layout.head)}>
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
        <tbody className={cn('divide-y divide-slate-200 text-slate-800', layout.body)}>
          <StackContext value={stackBelow}>{children}</StackContext>
        </tbody>
      </table>
    </div>
  );
}

type CellProps = {
  /** The cell's column: shown beside the value when the rows are stacked. */
  label: string;
  className?: string;
  children: ReactNode;
};

/** A body cell with the table's padding. */
export function Cell({ label, className, children }: CellProps) {
  const layout = layouts[use(StackContext)];
  return (
    <td
      data-label={label}
      className={cn('px-3 py-3 align-middle first:pl-4 last:pr-4', layout.cell, className)}
    >
      {children}
    </td>
  );
}

/** A record id: small monospace text that wraps, so a long id does not widen the table. */
export function IdText({ id }: { id: string }) {
  return <span className="block w-36 font-mono text-xs break-all">{id}</span>;
}
