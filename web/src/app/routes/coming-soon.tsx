import { Hammer } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { DocumentTitle } from '@/components/ui/document-title';

/** Placeholder for pages of later issues; they already sit behind the login check. */
export function ComingSoonRoute({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <Card className="mt-6 flex items-center gap-4">
        <Hammer aria-hidden="true" className="size-8 shrink-0 text-indigo-700" />
        <p className="text-slate-700">{text}</p>
      </Card>
    </div>
  );
}
