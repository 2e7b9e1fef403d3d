import type { LowStockProduct } from '@shop/shared';
import { PackageCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Cell, DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { useLowStock } from '../api/overview';
import { ThresholdForm } from './threshold-form';

const columns = ['Product', 'In stock', 'Threshold', 'Own threshold'] as const;

/** Products at or below their threshold; the default threshold and each product's own. */
export function LowStockView() {
  const low = useLowStock();
  if (low.isPending) return <Loading label="Loading low stock…" />;
  if (low.isError) {
    return (
      <LoadError
        title="Low stock could not be loaded"
        detail={low.error.message}
        onRetry={() => void low.refetch()}
      />
    );
  }
  const { defaultThreshold, products } = low.data;
  return (
    <div className="space-y-6">
      <ThresholdForm
        label="Default threshold"
        hint="A product with this many or fewer in stock is low, unless it has its own threshold. The owner is mailed once a day about products newly low."
        value={defaultThreshold}
      />
      {products.length === 0 ? (
        <EmptyState icon={PackageCheck} text="No product is at or below its threshold." />
      ) : (
        <DataTable caption="Products low in stock" columns={columns}>
          {products.map((p) => (
            <Row key={p._id} product={p} fallback={defaultThreshold} />
          ))}
        </DataTable>
      )}
    </div>
  );
}

function Row({ product, fallback }: { product: LowStockProduct; fallback: number }) {
  return (
    <tr>
      <Cell label="Product" className="wrap-anywhere">
        <Link
          to={`/admin/editProduct/${encodeURIComponent(product._id)}`}
          className="font-medium text-indigo-800 underline-offset-2 hover:underline"
        >
          {product.name}
        </Link>
      </Cell>
      <Cell label="In stock" className="tabular-nums">
        {product.countInStock}
      </Cell>
      <Cell label="Threshold" className="tabular-nums">
        {product.threshold ?? `${fallback} (default)`}
      </Cell>
      <Cell label="Own threshold">
        <ThresholdForm
          label={`Own threshold of ${product.name}`}
          value={product.threshold}
          productId={product._id}
          compact
        />
      </Cell>
    </tr>
  );
}
