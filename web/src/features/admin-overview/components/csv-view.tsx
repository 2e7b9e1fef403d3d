import { overviewMessages, type ImportReport } from '@shop/shared';
import { Download } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { useFocusAfterChange } from '@/lib/keep-focus';
import { useImportProducts } from '../api/overview';
import { ImportReportView } from './import-report';

/** YYYY-MM-DD of a day this many days before today, on this device's calendar. */
function daysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** /admin/importExport: orders and products as CSV files, and products back from one. */
export function CsvView() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <OrdersExport />
      <Card className="space-y-3">
        <h3 className="text-xl font-semibold text-slate-900">Export products</h3>
        <p className="text-slate-700">Every product, in the columns the import below reads.</p>
        <a href="/api/admin/export/products.csv" download className={buttonStyles('secondary')}>
          <Download aria-hidden="true" className="size-4" />
          Download products (CSV)
        </a>
      </Card>
      <ProductsImport />
    </div>
  );
}

function OrdersExport() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(daysAgo(0));
  const backwards = from > to;
  const href = `/api/admin/export/orders.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return (
    <Card className="space-y-3">
      <h3 className="text-xl font-semibold text-slate-900">Export orders</h3>
      <p className="text-slate-700">One row per order line: buyer, address, status and amounts in INR.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <Field
          label="To"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={backwards ? overviewMessages.dateRangeBackwards : undefined}
        />
      </div>
      {backwards || !from || !to ? (
        <Button variant="secondary" disabled>
          <Download aria-hidden="true" className="size-4" />
          Download orders (CSV)
        </Button>
      ) : (
        <a href={href} download className={buttonStyles('secondary')}>
          <Download aria-hidden="true" className="size-4" />
          Download orders (CSV)
        </a>
      )}
    </Card>
  );
}

function ProductsImport() {
  const importer = useImportProducts();
  const [csv, setCsv] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const [report, setReport] = useState<ImportReport>();

  async function choose(file: File | undefined) {
    setReport(undefined);
    setCsv(undefined);
    setFileError(undefined);
    importer.reset();
    if (!file) return;
    setCsv(await file.text());
  }
  function run(dryRun: boolean) {
    if (!csv) {
      setFileError(overviewMessages.importEmpty);
      return;
    }
    importer.mutate({ csv, dryRun }, { onSuccess: setReport });
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    run(true);
  }
  const canImport = report?.dryRun === true && report.rejected.length === 0 && !importer.isPending;
  const importing = importer.isPending && importer.variables?.dryRun === false;
  // Imported, the Import button turns disabled under the focus: it goes to the result instead.
  const statusRef = useRef<HTMLDivElement>(null);
  useFocusAfterChange(report?.written ? 'imported' : 'not imported', () => statusRef.current);
  return (
    <Card className="space-y-4 lg:col-span-2">
      <h3 className="text-xl font-semibold text-slate-900">Import products</h3>
      <p className="text-slate-700">
        A row with an id updates that product; a row without one adds a product. Check the file first: nothing
        is written until every row is accepted, and then all rows are written together. A file without the
        hsnCode and gstRate columns leaves every product&apos;s tax details as they are. The exported file
        remembers each product&apos;s stock (countInStockAtExport): a count in stock left as it was keeps the
        stock as sales have made it since, and a changed one is refused if the stock moved meanwhile.
      </p>
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="space-y-1.5">
          <label htmlFor="import-file" className="block text-sm font-medium text-slate-900">
            CSV file
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={fileError ? 'import-file-error' : undefined}
            onChange={(e) => void choose(e.target.files?.[0])}
            className="block min-h-11 w-full text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-semibold"
          />
          <FieldError id="import-file-error" message={fileError} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            variant="secondary"
            loading={importer.isPending && importer.variables?.dryRun}
          >
            Check the file
          </Button>
          <Button disabled={!canImport && !importing} loading={importing} onClick={() => run(false)}>
            Import
          </Button>
        </div>
      </form>
      <div ref={statusRef} tabIndex={-1} role="status" aria-live="polite" className="focus:outline-none">
        {importer.isError && <p className="font-medium text-red-700">{importer.error.message}</p>}
        {report && <ImportReportView report={report} />}
      </div>
    </Card>
  );
}
