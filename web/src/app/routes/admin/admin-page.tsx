import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/ui/document-title';

/** One page of the panel: its h2 (the layout has the h1) and the document title to match. */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <DocumentTitle title={`${title} · Admin Panel`} />
      <h2 data-page-heading className="mb-4 text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {children}
    </div>
  );
}
