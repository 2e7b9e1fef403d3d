import { formatRupees, type Overview, type TopProduct } from '@shop/shared';
import { Link } from 'react-router';
import { Cell, DataTable } from '@/components/ui/data-table';

const columns = ['#', 'Product', 'Units', 'Revenue'] as const;

/** The top ten of the last 30 days' orders, by revenue and by units. */
export function TopProducts({ overview }: { overview: Overview }) {
  return (
    <section aria-labelledby="top-heading" className="space-y-4">
      <h3 id="top-heading" className="text-xl font-semibold text-slate-900">
        Top products, last 30 days
      </h3>
      <div className="grid gap-4 lg:grid-cols-2">
        <TopTable caption="Top 10 by revenue" products={overview.topByRevenue} />
        <TopTable caption="Top 10 by units" products={overview.topByUnits} />
      </div>
    </section>
  );
}

function TopTable({ caption, products }: { caption: string; products: TopProduct[] }) {
  return (
    <div>
      <h4 className="mb-2 font-semibold text-slate-900">{caption}</h4>
      {products.length === 0 ? (
        <p className="text-slate-700">No orders in the last 30 days.</p>
      ) : (
        <DataTable caption={caption} columns={columns}>
          {products.map((p, i) => (
            <tr key={p.productId}>
              <Cell label="#">{i + 1}</Cell>
              <Cell label="Product" className="wrap-anywhere">
                <Link
                  to={`/admin/editProduct/${encodeURIComponent(p.productId)}`}
                  className="font-medium text-indigo-800 underline-offset-2 hover:underline"
                >
                  {p.name}
                </Link>
              </Cell>
              <Cell label="Units" className="tabular-nums">
                {p.units}
              </Cell>
              <Cell label="Revenue" className="tabular-nums">
                {formatRupees(p.revenue)}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
