import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/ui/document-title';
import { cn } from '@/lib/cn';

type PageShellProps = { title: string; children: ReactNode; className?: string };

/** A page with its one h1 and the document title to match. */
export function PageShell({ title, children, className }: PageShellProps) {
  return (
    <div className={cn('mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10', className)}>
      <DocumentTitle title={title} />
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
