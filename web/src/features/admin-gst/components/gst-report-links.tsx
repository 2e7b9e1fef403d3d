import { GST_REPORT_SECTIONS, type GstReportSection } from '@shop/shared';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';

const LABELS: Record<GstReportSection, string> = {
  documents: 'Every invoice and credit note, by rate and state',
  b2cl: 'GSTR-1 B2C large (b2cl.csv)',
  b2cs: 'GSTR-1 B2C small (b2cs.csv)',
  cdnur: 'GSTR-1 credit notes, unregistered (cdnur.csv)',
  hsn: 'GSTR-1 HSN summary (hsn.csv)',
  docs: 'GSTR-1 documents issued (docs.csv)',
};

/** Last month, as YYYY-MM: what the accountant files in the first days of a month. */
function lastMonth(): string {
  const now = new Date();
  const year = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
  const month = now.getMonth() === 0 ? 12 : now.getMonth();
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** A month's report files, downloaded straight from the API. */
export function GstReportLinks() {
  const [month, setMonth] = useState(lastMonth);
  const inputId = useId();
  return (
    <section aria-labelledby={`${inputId}-title`} className="mt-10 max-w-2xl">
      <h3 id={`${inputId}-title`} className="text-xl font-bold text-slate-900">
        GST report
      </h3>
      <div className="mt-3 max-w-xs space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
          Month
        </label>
        <Input id={inputId} type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
      </div>
      <ul className="mt-4 space-y-2">
        {GST_REPORT_SECTIONS.map((section) => (
          <li key={section}>
            <a
              className="text-indigo-700 underline hover:text-indigo-900"
              href={`/api/admin/gst/report?month=${encodeURIComponent(month)}&section=${section}`}
              download
            >
              {LABELS[section]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
