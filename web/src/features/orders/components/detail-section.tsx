import { useId, type ReactNode, type Ref } from 'react';
import { Card } from '@/components/ui/card';

/** One titled part of the order summary. */
export function DetailSection({
  title,
  children,
  headingRef,
}: {
  title: string;
  children: ReactNode;
  /** Given, the heading can take the focus (tabIndex -1), for the page to move it there. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="mb-3 text-lg font-bold text-slate-900 focus:outline-none"
        >
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}
