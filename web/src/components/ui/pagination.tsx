import { groupIndian } from '@shop/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

type PaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
};

/** Previous and Next with "Page X of Y" between; the buttons read "Previous page" and "Next page". */
export function Pagination({ page, pageCount, onPageChange, className }: PaginationProps) {
  return (
    <nav aria-label="Pagination" className={className}>
      <div className="flex items-center justify-between gap-3">
        <Button
          variant="secondary"
          disabled={page <= 1}
          onClick={() => onPageChange(Math.min(page - 1, pageCount))}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous<span className="sr-only"> page</span>
        </Button>
        <p className="text-sm font-medium text-slate-700">
          Page {groupIndian(page)} of {groupIndian(pageCount)}
        </p>
        <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
          Next<span className="sr-only"> page</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
