import { formatRupees, type PeriodTotals } from '@shop/shared';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useOverview } from '../api/overview';
import { salesPoints } from './sales-points';
import { SalesTable } from './sales-table';
import { TopProducts } from './top-products';

// The chart library is large: it loads with this page only, never with the shop's.
const SalesChart = lazy(() => import('./sales-chart'));

type Unit = 'days' | 'months';

export function OverviewView() {
  const overview = useOverview();
  const [unit, setUnit] = useState<Unit>('days');
  if (overview.isPending) return <Loading label="Loading the overview…" />;
  if (overview.isError) {
    return (
      <LoadError
        title="The overview could not be loaded"
        detail={overview.error.message}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  const o = overview.data;
  const points = salesPoints(o, unit);
  const period = unit === 'days' ? 'the last 30 days' : 'the last 12 months';
  return (
    <div className="space-y-8">
      <Figures title="Last 30 days" totals={o.last30Days} />
      <Figures title="Last 12 months" totals={o.last12Months} />
      <section aria-labelledby="sales-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="sales-heading" className="text-xl font-semibold text-slate-900">
            Sales per {unit === 'days' ? 'day' : 'month'}
          </h3>
          <UnitSwitch unit={unit} onChange={setUnit} />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard title={`Revenue, ${period}`}>
            <Suspense fallback={<Loading label="Loading the chart…" />}>
              <SalesChart points={points} measure="revenue" color="#4338ca" />
            </Suspense>
          </ChartCard>
          <ChartCard title={`Paid orders, ${period}`}>
            <Suspense fallback={<Loading label="Loading the chart…" />}>
              <SalesChart points={points} measure="orders" color="#047857" />
            </Suspense>
          </ChartCard>
        </div>
        <SalesTable points={points} caption={`Sales per ${unit === 'days' ? 'day' : 'month'}, ${period}`} />
      </section>
      <TopProducts overview={o} />
    </div>
  );
}

function Figures({ title, totals }: { title: string; totals: PeriodTotals }) {
  const figures = [
    ['Revenue', formatRupees(totals.revenue)],
    ['Gross (paid)', formatRupees(totals.gross)],
    ['Refunds', formatRupees(totals.refunds)],
    ['Paid orders', String(totals.orders)],
    ['Average order', formatRupees(totals.averageOrderValue)],
  ] as const;
  return (
    <section aria-label={title}>
      <h3 className="mb-3 text-xl font-semibold text-slate-900">{title}</h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([name, value]) => (
          <div key={name} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-700">{name}</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure
      role="group"
      aria-label={`${title}: chart, the same figures are in the table below`}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <figcaption className="mb-2 text-sm font-semibold text-slate-900">{title}</figcaption>
      <div aria-hidden="true">{children}</div>
    </figure>
  );
}

function UnitSwitch({ unit, onChange }: { unit: Unit; onChange: (unit: Unit) => void }) {
  const options: [Unit, string][] = [
    ['days', '30 days'],
    ['months', '12 months'],
  ];
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-lg ring-1 ring-slate-300">
      {options.map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={unit === value}
          onClick={() => onChange(value)}
          className={cn(
            'min-h-11 px-4 text-sm font-semibold first:rounded-l-lg last:rounded-r-lg',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700',
            unit === value ? 'bg-indigo-700 text-white' : 'bg-white text-slate-900 hover:bg-slate-50',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
