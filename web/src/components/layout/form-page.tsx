import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { DocumentTitle } from '@/components/ui/document-title';

type FormPageProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card, such as "Forgot Password?". */
  footer?: ReactNode;
};

/** A page that is one form: title, short text and the form on a card. */
export function FormPage({ title, description, children, footer }: FormPageProps) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <DocumentTitle title={title} />
      <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description && <p className="mt-2 text-center text-slate-600">{description}</p>}
      <Card className="mt-8">{children}</Card>
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-slate-700">{footer}</div>}
    </div>
  );
}
