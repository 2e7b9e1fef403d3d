import type { ReactNode } from 'react';

/** Label and value pairs as a <dl>: terms on the left, values on the right, stacked on a phone. */
export function DetailList({ items }: { items: Array<[label: string, value: ReactNode]> }) {
  return (
    <dl className="divide-y divide-slate-200">
      {items.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-2.5 sm:grid-cols-[8rem_1fr] sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="wrap-anywhere text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
