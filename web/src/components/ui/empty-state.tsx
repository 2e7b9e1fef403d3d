import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type EmptyStateProps = { icon: LucideIcon; text: string; children?: ReactNode };

/** A list with nothing in it: an icon, the spec's text and perhaps a way on. */
export function EmptyState({ icon: Icon, text, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      <Icon aria-hidden="true" className="size-10 text-slate-500" />
      <p className="text-slate-700">{text}</p>
      {children}
    </div>
  );
}
