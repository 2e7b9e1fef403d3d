import { overviewMessages, type LowStockProduct } from '@shop/shared';
import { PackageCheck } from 'lucide-react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Cell, DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { useLowStock, useSaveThreshold } from '../api/overview';

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

type FormProps = {
  label: string;
  hint?: string;
  value: number | null;
  productId?: string;
  compact?: boolean;
};

/** One threshold: a whole number from 0; a product's may be left empty to follow the default. */
function ThresholdForm({ label, hint, value, productId, compact = false }: FormProps) {
  const save = useSaveThreshold();
  const [text, setText] = useState(value === null ? '' : String(value));
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const inputId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    const threshold = text.trim() === '' && productId ? null : Number(text);
    if (threshold !== null && (!Number.isInteger(threshold) || threshold < 0 || text.trim() === '')) {
      setError(overviewMessages.invalidThreshold);
      return;
    }
    setError(undefined);
    setDone(false);
    save.mutate(
      { productId, threshold },
      { onSuccess: () => setDone(true), onError: (e) => setError(e.message) },
    );
  }
  const input = {
    type: 'number',
    inputMode: 'numeric',
    min: 0,
    step: 1,
    value: text,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setText(e.target.value),
  } as const;
  const status = (
    <p role="status" className="text-sm text-emerald-800">
      {done ? overviewMessages.thresholdSaved : ''}
    </p>
  );
  if (!compact) {
    return (
      <form onSubmit={submit} noValidate className="max-w-md space-y-3">
        <Field label={label} hint={hint} error={error} {...input} />
        <Button type="submit" loading={save.isPending}>
          Save default
        </Button>
        {status}
      </form>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start justify-end gap-2">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Input
        id={inputId}
        className="w-24"
        placeholder="default"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...input}
      />
      <Button type="submit" variant="secondary" loading={save.isPending}>
        Save
      </Button>
      <FieldError id={`${inputId}-error`} message={error} />
      {status}
    </form>
  );
}
